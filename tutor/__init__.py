"""The tutor: rules reference, explanations, lessons and hints (issue 5)."""
