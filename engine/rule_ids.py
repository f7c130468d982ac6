"""The ids of the rules the engine cites on its events.

Every event carries one of these ids. The tutor's rules reference has an
entry for each (a test checks it); here each id has a short title and its
source, so the engine can be read on its own.
"""
from __future__ import annotations

RULEBOOK = "Fluxx rulebook"
VOYAGER = "Star Trek: Voyager Fluxx rulebook"
FAQ = "Official FAQ rulings"


def faq(question: str) -> str:
    """An FAQ citation with the question it answers, in one line."""
    return f"{FAQ} (Q: {question})"
CARD = "Card text"
PROJECT = "Project reading"

RULES: dict[str, tuple[str, str]] = {
    "setup.deal": ("Deal 3 cards to each player", RULEBOOK + ", Setup"),
    "setup.first-round-creepers": ("A dealt Creeper goes into play and is replaced", VOYAGER + ", First Round Creepers; " + faq("is a Creeper dealt at the start kept in the hand?")),
    "turn.start": ("A turn begins", RULEBOOK + ", Turn Sequence"),
    "turn.draw": ("Draw the number of cards the Draw rule requires", RULEBOOK + ", Turn Sequence"),
    "turn.catch-up": ("A bigger Draw rule mid-turn: draw the difference at once", RULEBOOK + ", Examples (Draw 3)"),
    "turn.play": ("Play the number of cards the Play rule requires", RULEBOOK + ", Turn Sequence"),
    "turn.play-more-than-held": ("Told to play more than you hold: play them all and the turn ends", RULEBOOK),
    "turn.end": ("The turn ends; limits apply", RULEBOOK + ", Turn Sequence"),
    "turn.free-action": ("Free actions use no play", RULEBOOK + ", Other Notes: Free Actions; " + faq("does using a New Rule's or a Keeper's free action use up a play?")),
    "pile.reshuffle": ("The discard pile is shuffled into a new draw pile", RULEBOOK + ", Other Notes: Reshuffling"),
    "pile.empty": ("Both piles are empty: nothing more can be drawn", PROJECT),
    "game.repetition": ("The same position at a turn's start a third time: the game is drawn", PROJECT),
    "game.no-progress": ("Ten full rounds with nothing new in play: the game is drawn", PROJECT),
    "game.repetition-in-turn": ("A play or free action from the same position a third time in a turn: drawn",
                                PROJECT),
    "game.long": ("Three hundred full rounds and no winner: the game is drawn", PROJECT),
    "game.stalemate": ("Nobody can ever play or draw again: the game ends with no winner", PROJECT),
    "card.keeper": ("Keepers go on the table in front of their player", RULEBOOK + ", Types of Cards"),
    "card.goal": ("A new Goal replaces the current Goal", RULEBOOK + ", Types of Cards"),
    "card.rule": ("New Rules take effect at once", RULEBOOK + ", Types of Cards"),
    "card.rule-replaces": ("A New Rule that contradicts one in play replaces it", RULEBOOK + ", Types of Cards"),
    "card.action": ("Do what the Action says, then discard it", RULEBOOK + ", Types of Cards"),
    "card.creeper": ("Creepers go into play at once and are replaced", VOYAGER + ", Creepers; " + faq("does a Creeper drawn count as one of your draws?")),
    "limit.others-now": ("Others comply with a Limit at once", RULEBOOK + ", Limits"),
    "limit.self-at-end": ("You comply with Limits when your turn ends", RULEBOOK + ", Limits"),
    "win.goal": ("Whoever meets the Goal wins at once, on any turn", RULEBOOK + ", How to Win"),
    "win.tie": ("A tie: play goes on until one winner emerges", RULEBOOK + ", How to Win"),
    "win.creeper-blocks": ("A Creeper the Goal does not need stops a win", VOYAGER + ", Creepers; " + faq("can you win holding a Creeper the Goal does not name?")),
    "win.copied-creeper-blocks": ("A copy of a Keeper comes with the Creeper attached to it", faq("what does the Holodeck copy when it imitates a Keeper with a Creeper attached?") + " (\"not duplicating just a Robot, it is duplicating an Evil Robot\")"),
    "rule.inflation": ("Inflation: every numeral counts 1 more", CARD + ": Inflation"),
    "rule.no-hand-bonus": ("No-Hand Bonus: draw 3 before your draw", CARD + ": No-Hand Bonus; " + faq("do the No-Hand Bonus cards count toward the Draw rule?")),
    "rule.party-bonus": ("Party Bonus", CARD + ": Party Bonus"),
    "rule.poor-bonus": ("Poor Bonus", CARD + ": Poor Bonus"),
    "rule.rich-bonus": ("Rich Bonus", CARD + ": Rich Bonus"),
    "rule.play-all-but-1": ("Play All But 1 and its extra draw", CARD + ": Play All But 1; " + faq("is Play All But 1's extra card a bonus or part of the draw?")),
    "rule.double-agenda": ("Double Agenda: two Goals", CARD + ": Double Agenda; " + faq("where does a new Goal go when Double Agenda is in play?")),
    "rule.double-agenda-leaves": ("Double Agenda leaves play: one Goal goes", CARD + ": Double Agenda; " + faq("who chooses the Goal that goes when Double Agenda leaves?")),
    "rule.first-play-random": ("First Play Random", CARD + ": First Play Random"),
    "rule.get-on-with-it": ("Get On With It!", CARD + ": Get On With It!; " + faq("do limits apply when Get On With It! ends your turn?")),
    "rule.goal-mill": ("Goal Mill", CARD + ": Goal Mill"),
    "rule.mystery-play": ("Mystery Play", CARD + ": Mystery Play; " + faq("may you keep the card Mystery Play turns up?")),
    "rule.recycling": ("Recycling", CARD + ": Recycling"),
    "rule.swap-plays-for-draws": ("Swap Plays for Draws", CARD + ": Swap Plays for Draws; " + faq("what happens to Creepers drawn with Swap Plays for Draws?")),
    "rule.silver-lining": ("Silver Lining", CARD + ": Silver Lining"),
    "rule.baked-potato": ("You Also Need a Baked Potato", CARD + ": You Also Need a Baked Potato"),
    "action.temp-hand": ("Temporary hands: set your hand aside; all of it is one play", RULEBOOK + ", Examples (Draw 2 and Use 'Em)"),
    "action.effect": ("An Action's effect", CARD),
    "action.take-another-turn": ("Take Another Turn: at most two turns in a row", CARD + ": Take Another Turn; " + faq("how many turns in a row can Take Another Turn give?")),
    "action.lets-simplify": ("Let's Simplify rounds half up", CARD + ": Let's Simplify; " + faq("how does Let's Simplify round half of the New Rules?")),
    "creeper.war": ("War sends Peace away", CARD + ": War"),
    "creeper.taxes": ("Taxes and Money may go together", CARD + ": Taxes"),
    "creeper.death": ("Death takes a card each turn", CARD + ": Death"),
    "creeper.potato": ("The Radioactive Potato moves when the Goal changes", CARD + ": Radioactive Potato; " + faq("when exactly does the Radioactive Potato move?")),
    "surprise.out-of-turn": ("A Surprise played out of turn cancels the card being played", VOYAGER + ", Surprises; " + faq("may a Surprise be played out of turn when it does nothing?")),
    "surprise.chain": ("Surprises cancel Surprises: the chain settles last-in first-out", faq("how does a chain of Surprises settle?")),
    "surprise.cancel": ("A canceled play still used the play and is not replaced", faq("does a canceled card still use up the play?")),
    "surprise.keeper": ("That's Mine!: the Keeper goes in front of the Surprise's player", CARD + ": That's Mine!; " + faq("can a waiting Creeper attach to a Keeper taken with That's Mine!?")),
    "surprise.trap": ("It's a Trap!: the steal is canceled and the victim steals back", CARD + ": It's a Trap!; " + faq("what if It's a Trap! is itself canceled?")),
    "keeper.cancel-surprise": ("Janeway from the Future cancels a Surprise", CARD + ": Janeway from the Future; " + PROJECT),
    "keeper.power": ("A Keeper's power is a free action on your turn", VOYAGER + ", Cards in Play; " + faq("does using a Keeper's power use up a play?")),
    "keeper.repair": ("An Engineer detaches a Malfunction and discards it", CARD + ": B'Elanna Torres; " + faq("what does an Engineer do to a Malfunction?")),
    "keeper.phaser": ("The Phaser discards a Creeper, with its Keeper if attached", CARD + ": Phaser; " + faq("what happens to the Keeper under a Creeper the Phaser shoots?")),
    "creeper.attach": ("An attaching Creeper attaches to one of your Keepers", VOYAGER + ", Special Icons; " + faq("does a Goal care which Keeper its Creeper is attached to?")),
    "creeper.riddance": ("Discard a Keeper to be rid of this Creeper", CARD + "; " + faq("can one Keeper rid you of two such Creepers?")),
    "action.mix-it-all-up": ("Mix It All Up: detach, shuffle and deal every Keeper and Creeper", CARD + ": Mix It All Up; " + faq("do attached Creepers stay attached through Mix It All Up?")),
    "action.creeper-reassignment": ("Creeper Reassignment detaches the Creeper it moves", CARD + ": Creeper Reassignment; " + faq("does the Keeper move with a reassigned Creeper?")),
    "action.ends-turn": ("A card that ends your turn at once", CARD + ": Time Portal; " + faq("what happens to an open temporary hand when a card ends the turn?")),
}

