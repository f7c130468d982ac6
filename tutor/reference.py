"""The rules reference: one entry per rule the engine cites, per FAQ ruling
it implements, and per reading the project made where the sources are
silent (marked as such). Each entry: a stable id, a title, our own text,
its source, and its kind (rulebook, faq, card, solo, reading)."""
from __future__ import annotations

from collections.abc import Iterator, MutableMapping
from dataclasses import asdict, dataclass
from typing import Any

from engine.rule_ids import RULES, faq


@dataclass(frozen=True)
class Entry:
    id: str
    title: str
    text: str
    source: str
    kind: str

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


# Our own words for every rule id the engine puts on an event.
TEXT: dict[str, str] = {
    "setup.deal": "Each player starts with 3 cards, dealt one at a time around the table. There is no Goal and no New Rule at first: only the Basic Rules (draw 1, play 1).",
    "setup.first-round-creepers": "A Creeper can never sit in a hand. One dealt to you goes straight onto the table in front of you and you are dealt another card, until your hand holds 3 non-Creepers.",
    "turn.start": "A turn has three parts: draw what the Draw rule says, play what the Play rule says, then discard down to any limits.",
    "turn.draw": "At the start of your turn you draw the number of cards the Draw rule in play asks for; with no Draw rule in play, the Basic Rules' 1.",
    "turn.catch-up": "New Rules take effect at once. If the Draw rule goes up after you have drawn, you draw the difference straight away; if it goes down, you draw nothing more (you never give cards back). A bonus that starts to apply during your turn (Party Bonus, Poor Bonus) is caught up the same way: that is the project's reading.",
    "turn.play": "You must play the number of cards the Play rule asks for. Every card can always be played, even when it does nothing.",
    "turn.play-more-than-held": "If you are told to play more cards than you hold, you play them all and your turn ends.",
    "turn.end": "When your plays are done the turn ends: you discard down to any Hand Limit and any Keeper Limit (Hand Limit first, then Keeper Limit: the order is the project's reading).",
    "turn.free-action": "Free actions (from New Rules, Keepers or Creepers) use none of your plays. You may take them at any point of your own turn.",
    "pile.reshuffle": "When the draw pile runs out, the discard pile is shuffled to make a new draw pile, and drawing goes on.",
    "pile.empty": "When both the draw pile and the discard pile are empty, nothing more can be drawn; the draw simply stops.",
    "game.repetition-in-turn": "When a player uses a free action or plays a card from the same position (every table, hand and pile, and the same draws made, plays left and free actions used that turn) for the third time in one turn, the game ends drawn, with no winner: the turn can only go round, as when Death, your only card, is discarded and drawn straight back from empty piles again and again, or Jackpot! and Distress Call draw each other back under Play All. This is the project's reading; the rulebook never meets the case.",
    "game.long": "When a game is still going after three hundred full rounds, it ends drawn, with no winner. The other draw rules end a game that goes round; this one ends a table that keeps finding new arrangements and never a winner (one player holding every card and moving its Keepers about while a Creeper comes straight back each turn). No game played to a winner in thousands of the bots' games came near it. This is the project's reading; the rulebook never meets the case.",
    "game.repetition": "When the same position (every table and hand, the rules, the Goals, the piles and whose turn it is) stands at the start of a turn for the third time, the game ends drawn, with no winner, as in chess: it can only go round again. This is the project's reading; the rulebook never meets the case.",
    "game.no-progress": "When ten full rounds go by in which every turn starts with the Keepers, Creepers, rules and Goals in play as they already stood at the start of an earlier turn (only hands and piles moved), the game ends drawn, with no winner: nobody is getting anywhere, and a reshuffle can keep such a game from ever repeating exactly. This is the project's reading; the rulebook never meets the case.",
    "game.stalemate": "If nobody can ever play or draw again (every hand and both piles are empty), the game ends with no winner. This is the project's reading; the rulebook never meets the case.",
    "card.keeper": "A Keeper goes on the table in front of whoever played it. Keepers on the table are what Goals ask for.",
    "card.goal": "A Goal goes in the middle and replaces the current Goal, which is discarded. Goals are shared: anyone who meets one wins.",
    "card.rule": "A New Rule changes the game from the moment it is played. It stays in play until something removes it.",
    "card.rule-replaces": "A New Rule that contradicts one in play (another Draw, Play, Hand Limit or Keeper Limit rule) replaces it; the old one is discarded. Other New Rules add up.",
    "card.action": "An Action does what it says, once, and is then discarded. While it works it sits in the 'being played' area, not yet in the discard pile.",
    "card.creeper": "A Creeper drawn at any time (also during an Action) goes straight onto your table and you draw a replacement; it does not count as one of your draws, and playing it uses no play.",
    "limit.others-now": "Limits apply to you only when it is not your turn. So when a Limit comes into play, every other player complies at once, discarding cards of their choice.",
    "limit.self-at-end": "During your own turn you may go over a Limit. When the turn ends you discard down to it, choosing which cards go.",
    "win.goal": "Whoever meets the current Goal wins at once, whoever's turn it is.",
    "win.tie": "If two players meet a Goal at the same time it is a tie: nobody wins yet and play goes on.",
    "win.creeper-blocks": "Having a Creeper on your table stops you winning, unless the Goal needs that Creeper. A Creeper the Goal does not name still blocks, even if the Goal needs other Creepers.",
    "win.copied-creeper-blocks": "A card that stands in for a Keeper (the Holodeck) copies it whole: a Keeper with a Creeper attached is copied with that Creeper, which then stops the copier's win like a Creeper of their own, unless the Goal needs it (the FAQ: a copy of a Robot with a Creeper on it is an Evil Robot).",
    "rule.inflation": "Inflation adds 1 to every numeral on every other card, the Basic Rules included: draw 2, play 2, limits, bonuses, Action counts and the count Goals. Numbers written as words do not change.",
    "rule.no-hand-bonus": "No-Hand Bonus: if your hand is empty when your turn starts, you first draw 3, then draw for the Draw rule as usual. The bonus cards do not count toward the Draw rule (FAQ).",
    "rule.party-bonus": "Party Bonus: while anyone has The Party on the table, the player whose turn it is draws 1 extra and plays 1 extra.",
    "rule.poor-bonus": "Poor Bonus: if you alone have the fewest Keepers, you draw 1 extra on your turn. A tie for fewest gives nobody the bonus.",
    "rule.rich-bonus": "Rich Bonus: if you alone have the most Keepers, you play 1 extra on your turn. A tie for most gives nobody the bonus.",
    "rule.play-all-but-1": "Play All But 1: play until one card is left. If you began your turn with no cards and drew only 1, you draw 1 more, and that card counts as part of your draw (FAQ: an advance on the Draw rule, not a bonus).",
    "rule.double-agenda": "Double Agenda: two Goals may be in play. A new Goal fills an empty Goal spot first; with both full, whoever plays it picks which one it replaces. Meeting either wins.",
    "rule.double-agenda-leaves": "When Double Agenda leaves play with two Goals out, one Goal must go: whoever removed Double Agenda chooses which (FAQ).",
    "rule.first-play-random": "First Play Random: the first card you play each turn is picked at random from your hand. It does nothing while the Play rule is 1.",
    "rule.get-on-with-it": "Get On With It!: before your final play, if you still hold cards, you may discard your whole hand and draw 3. Your turn then ends at once (FAQ: limits apply as it ends).",
    "rule.goal-mill": "Goal Mill: once a turn, discard any Goals from your hand and draw as many cards.",
    "rule.mystery-play": "Mystery Play: once a turn, take the top card of the draw pile and play it at once; you cannot keep it. A Creeper found this way goes into play and the next card is the one played.",
    "rule.recycling": "Recycling: once a turn, discard one of your Keepers from the table and draw 3.",
    "rule.swap-plays-for-draws": "Swap Plays for Draws: instead of playing on, draw one card per play you have left. Your turn ends with the draw; Creepers drawn stay until your next turn (FAQ).",
    "rule.silver-lining": "Silver Lining: Creepers no longer stop anyone winning, except where a Goal says nobody may have a certain Creeper.",
    "rule.baked-potato": "You Also Need a Baked Potato: while the Radioactive Potato is on the table it stops nobody; instead, to win you must also have the Potato.",
    "action.temp-hand": "Some Actions set your hand aside and give you a temporary hand of new cards to play from. Everything you do with it, nested Actions included, counts as the one play; the leftovers are discarded and you pick your hand back up.",
    "action.effect": "This is the Action being played at work: what its card says happens now, once, and then the card goes to the discard pile. The card's own entry (card.NAME) says what it does.",
    "action.take-another-turn": "Take Another Turn: you take another turn when this one ends, but this card never gives more than two turns in a row, so played in an extra turn it does nothing, and two in one turn still give one extra turn (FAQ).",
    "action.lets-simplify": "Let's Simplify: discard up to half of the New Rules in play, rounding half up (3 of 5), or fewer, or none (FAQ).",
    "creeper.war": "War: if you have War and Peace, you must give Peace to another player.",
    "creeper.taxes": "Taxes: if you have Money too, you may discard Money and Taxes together. The project lets you do it as a free action on your turn.",
    "creeper.death": "Death: when your turn starts with Death in front of you, discard one of your other Keepers or Creepers. When Death is your only card on the table, you may discard it.",
    "creeper.potato": "Radioactive Potato: every time the Goal changes (a Goal played, replaced, added or removed), the Potato moves to the player before its holder in turn order.",
    "surprise.out-of-turn": "A Surprise can be played when it is not your turn to cancel a card someone else is playing: each Surprise cancels one kind of card (a Goal, an Action, a New Rule, a Keeper, or an attempt to steal your Keeper), and any Surprise cancels another Surprise. After every play, each other player holding a Surprise that would do something is asked in turn order. You may only play one out of turn when it has an effect (FAQ).",
    "surprise.chain": "A Surprise can be answered by another Surprise, and that one by another, by any player on either side. Nothing happens until nobody adds more; then the last one played works first: it cancels the one below it, so the one under that works again, and so on down to the original play (the FAQ's 'wrestling match in the being-played area'). Goals and limits are checked only once the whole chain has settled. On your own turn, countering a Surprise played against you is free: it uses no play (FAQ).",
    "surprise.cancel": "A play that is canceled by a Surprise is discarded without effect. It still used up that play, and you do not get to play another card in its place (FAQ).",
    "surprise.keeper": "That's Mine! out of turn: the Keeper someone else played lands in front of you instead, as if you had played it. It never reaches their table, so none of their waiting Creepers can attach to it (FAQ).",
    "surprise.trap": "It's a Trap! out of turn: when someone tries to take your Keeper, the attempt is canceled and you take one of their Keepers instead. If the trap is itself canceled, the original steal goes through (FAQ).",
    "keeper.cancel-surprise": "Janeway from the Future: when another player plays a Surprise, you may discard her from your table to cancel it. The cost (discarding her) and that no Surprise can counter her (she is not a Surprise) are the project's reading.",
    "keeper.power": "A Keeper's power works while the Keeper is on your table. Using it is a free action on your own turn: it uses none of your plays (FAQ). An Equipment Keeper with a Malfunction attached has no power.",
    "keeper.repair": "B'Elanna Torres can fix a Malfunction: once a turn you detach one from your Keeper and discard it, and the Keeper stays, good as new (FAQ: the Trek Engineers).",
    "keeper.phaser": "The Phaser targets Creepers only. A Creeper attached to a Keeper is one unit with it, so shooting the Creeper discards the Keeper too (FAQ). A Phaser cannot shoot a Creeper attached to itself.",
    "creeper.attach": "An attaching Creeper attaches to one of your Keepers, your choice (a Malfunction only to Equipment). With no such Keeper it waits, and attaches to the first one that arrives. Once attached the two are one unit: they move, are stolen and are discarded together, until a card says to detach them. A Goal that needs the Creeper does not care which Keeper it is on, and it still stops wins as any Creeper does (FAQ).",
    "creeper.riddance": "Species 8472 and the Krenim Timeship: on your turn you may discard one of your Keepers to discard the Creeper. Each Creeper needs its own Keeper (FAQ).",
    "action.mix-it-all-up": "Mix It All Up gathers every Keeper and Creeper in play, detaching the attached ones, shuffles them and deals them out one at a time starting with its player. Attaching Creepers then attach to a Keeper of their new owner (FAQ).",
    "action.creeper-reassignment": "Creeper Reassignment says the Creeper detaches before it moves, so its Keeper stays behind; on its new table an attaching Creeper attaches again (FAQ).",
    "action.ends-turn": "A card that ends your turn at once ends it in the middle of whatever was happening: an open temporary hand is discarded, and limits apply as the turn ends (FAQ).",
}

# FAQ rulings the engine follows that are not events of their own: each has
# a scenario in tests/scenarios/ naming the ruling.
FAQ: dict[str, tuple[str, str, str]] = {  # id: (title, the question the ruling answers, our words)
    "faq.draw-phase-together": ("One draw phase is one moment", "Do I finish my draw before checking for a win when I draw a Creeper?",
                                "All cards of one draw phase, Creepers and their replacements included, arrive before anyone checks for a win."),
    "faq.no-hand-bonus-eight": ("No-Hand Bonus with Draw 5 is eight cards", "With No-Hand Bonus and Draw 5, how many cards do I draw?",
                                "The 3 bonus cards come first; then the Draw rule is followed in full."),
    "faq.creeper-replacement": ("'Draw another card to replace it'", "Does the card that replaces a drawn Creeper count toward my draw?",
                                "The replacement makes up your draw count; it does not take the Creeper's place on the table."),
    "faq.get-on-with-it-final-play": ("Get On With It! needs a play left and a hand", "Can I use Get On With It! with no plays left or an empty hand?",
                                      "With no plays left, or an empty hand, you cannot use it."),
    "faq.double-agenda-costs-a-play": ("A second Goal still uses a play", "Does Double Agenda put a second Goal out for free?",
                                       "Double Agenda lets two Goals be out; it does not put one down for you."),
    "faq.empty-goal-slot": ("An empty Goal slot is filled first", "Where does a new Goal go when Double Agenda is in play with one Goal out?",
                            "Under Double Agenda with one Goal out, a new Goal fills the empty slot."),
    "faq.rotate-around": ("Rotate Hands goes around the table", "Which way do hands move with Rotate Hands?",
                          "Hands pass to the next player in one direction, never across."),
    "faq.everybody-gets-1-choice": ("Everybody Gets 1: the player chooses", "Who decides who gets which card from Everybody Gets 1?",
                                    "The player of the card looks at the cards and decides who gets which."),
    "faq.no-creeper-limit": ("No limit on Creepers", "Is there a limit on Creepers, and do Keeper Limits count them?",
                             "You may have any number of Creepers; Keeper Limits do not count them."),
    "faq.surprise-in-temp-hand": ("A Surprise in a temporary hand can counter", "Can I counter a Surprise with a Surprise from a temporary hand?",
                                  "During Draw 3, Play 2 of Them you may counter a Surprise with a Surprise from your hand or from the temporary hand; the counter is free and uses none of its plays."),
    "faq.trade-hands-paradox": ("A Surprise you would receive cannot stop the play that gives it", "Can a Surprise I would receive in Trade Hands cancel that Trade Hands?",
                                "A Surprise in the hand of whoever plays Trade Hands is not yours until the trade is done, by which time it is too late to cancel it."),
    "faq.mystery-play-surprise": ("A Surprise found by Mystery Play is too late to counter", "Can a Surprise turned up by Mystery Play cancel anything?",
                                  "The cancel it could have stopped is over; played at once, it works for its in-turn side."),
    "faq.no-own-cancel": ("You never cancel your own play", "Can I cancel my own play with a Surprise?",
                          "On your turn a Surprise is one of your plays (its in-turn side) or a free counter to a Surprise played against you; never both."),
    "faq.attached-goal": ("An attached Creeper counts for a Goal on any Keeper", "Does a Goal care which Keeper its Creeper is attached to?",
                          "A Goal needing a Keeper and a Creeper does not need the Creeper attached to that Keeper."),
    "faq.limit-afflicted": ("A Keeper Limit can shed an afflicted Keeper", "With a Keeper Limit, can I discard the Keeper a Creeper is attached to?",
                            "The waiting Creeper attaches first; then you may discard the afflicted Keeper, Creeper and all, to meet the Limit."),
    "faq.mystery-play-no-keep": ("Mystery Play: no keeping the card", "May you keep the card Mystery Play turns up?",
                                 "The card taken is played at once; you may not add it to your hand."),
}

# Project readings that are not events of their own.
READINGS = {
    "reading.always-ask": ("A choice is always asked", "Whenever a card says you choose, you are asked, even when only one choice exists."),
    "reading.no-free-actions-in-temp-hand": ("No free actions in a temporary hand", "While a temporary hand is open, free actions wait (the FAQ says so for Get On With It and Swap Plays; we apply it to all)."),
    "reading.first-play-random-rule": ("When First Play Random applies", "It applies while the Play rule, with Inflation and without bonuses, is anything but 1."),
    "reading.todays-special-inflation": ("Today's Special! and Inflation", "Every numeral inflates: draw 4; play 3 on a holiday, 2 on another day, all on a birthday."),
    "reading.ten-cards-creepers": ("10 Cards in Hand and Creepers", "As with 5 Keepers, a player with a blocking Creeper is left out of the count for most."),
    "reading.attach-at-once": ("An attaching Creeper with one Keeper to go to attaches at once", "The rulebook and FAQ say attaching is instant, so it is not asked; with two or more Keepers its player chooses."),
    "reading.surprise-first-answer": ("Surprises are offered in turn order", "After a play, the players who could answer are asked one at a time in turn order; the first to answer makes the chain, and everyone is asked again about that Surprise."),
    "reading.trap-steals": ("What counts as stealing for It's a Trap!", "Taking a Keeper (or a Creeper with a Keeper attached) from another player's table without giving one back: Steal Something, That's Mine! on your turn, Janeway's power and The Caretaker. Exchange Keepers is a swap, not a steal; the trap's own steal-back cannot be trapped."),
    "reading.seven-borg": ("Seven of Nine as The Borg", "She counts as The Borg for Goals, but she is a Keeper: she does not stop wins as a Creeper would."),
    "reading.holodeck": ("The Holodeck copies one Keeper", "It can stand in for one Keeper a Goal names, if that Keeper is in front of another player; it does not count toward icon Goals; it works at any time, not only on your turn."),
    "reading.only-malfunction-switches-off": ("Only a Malfunction switches a power off", "The Borg attaches to any Keeper and does not stop its power; a Malfunction, on Equipment, does."),
    "reading.death-after-no-hand-bonus": ("Start-of-turn order", "The No-Hand Bonus draw comes before Death's discard."),
}


def _kind(rule_id: str, source: str, variant_kind: str = "") -> str:
    """What kind of source a rule has: a project reading, a card's text, the
    FAQ, the rulebook, or a variant's own rules (``variant_kind``, given by
    the variant that registers them)."""
    if "Project reading" in source:
        return "reading"
    if source.startswith("Card text"):
        return "card"
    if "FAQ" in source and "rulebook" not in source:
        return "faq"
    return variant_kind or "rulebook"


# the kind a variant gave to the rules it registered (register_rules)
VARIANT_KINDS: dict[str, str] = {}


def build() -> dict[str, Entry]:
    out: dict[str, Entry] = {}
    for rid, (title, source) in RULES.items():
        out[rid] = Entry(rid, title, TEXT[rid], source, _kind(rid, source, VARIANT_KINDS.get(rid, "")))
    for rid, (title, question, text) in FAQ.items():  # each cites the question it answers
        out[rid] = Entry(rid, title, text, faq(question), "faq")
    for rid, (title, text) in READINGS.items():
        out[rid] = Entry(rid, title, text, "Project reading (the sources are silent)", "reading")
    return out


# Topics a player asks about that are no event of their own.
TOPICS = {
    "topic.going-first": ("Going first", "Fluxx rulebook, Setup",
                          "The rulebook lets the group pick who goes first, and play goes on in turn order from there. The engine seats player 0 first."),
    "topic.discarding": ("Regarding discarding", "Fluxx rulebook, Other Notes: Regarding Discarding",
                         "You never discard a card just because you do not want it. Cards leave your hand or table only when a card says so or a Hand Limit or Keeper Limit makes you."),
    "topic.crew-icon": ("The Crew icon", "Voyager rulebook, Special Icons",
                        "Keepers with the Crew icon are Crew Members: cards that name Crew (Janeway's power, Away Team Goals) count them, and no others."),
    "topic.equipment-icon": ("The Equipment icon", "Voyager rulebook, Special Icons",
                             "Keepers with the Equipment icon are Equipment: only they can take a Malfunction, which switches their power off."),
    "topic.surprise-in-turn": ("A Surprise on your own turn", "Voyager rulebook, Surprises",
                               "Played on your own turn, a Surprise is one of your plays and does its in-turn side (the top half of its text); out of turn it cancels a card someone else is playing."),
    "goal.keepers": ("Goals that name Keepers", "Fluxx rulebook, Types of Cards",
                     "Most Goals name two Keepers (or a Keeper and a Creeper): whoever has them all on the table wins at once."),
    "goal.forbidden": ("Goals that forbid a card", "Card text: The Brain (No TV); Peace (No War); Money (No Taxes)",
                       "A Goal written 'X (No Y)' needs X and needs Y to be nowhere in play: not on your table, and not on anybody else's."),
    "goal.count-of": ("Goals that count cards of a kind", "Card text: Party Snacks",
                      "A Goal that asks for a number of cards of a kind (at least 1 food Keeper for Party Snacks) is met by any of them; Inflation adds 1 to its number."),
    "goal.most": ("Goals that ask for the most", "Card text: 5 Keepers; 10 Cards in Hand",
                  "5 Keepers and 10 Cards in Hand are won by the one player with the most, and at least the number (Inflation adds 1). A tie wins nothing, and a player held back by a Creeper is left out of the count."),
}


def _card_entries() -> dict[str, Entry]:
    """One entry per card of the shipped decks that does something of its own
    (Actions, New Rules, Creepers, Surprises, Keepers with a power, Goals that
    need more than two Keepers): our words for it, and how sure the deck is
    of a card known only from reviews."""
    from engine.cards import card_db
    from engine.decks import shipped_decks
    out: dict[str, Entry] = {}
    for deck in shipped_decks():
        for c in card_db((deck,)).cards:
            if c.deck != deck or (c.type == "keeper" and not c.effect) or c.type == "goal" and not (
                    c.goal is not None and (c.goal.forbidden or c.goal.any_count or c.goal.most_of)):
                continue
            text = c.text + confidence_note(c.confidence, c.source)
            source = f"Card text: {c.name}" + (f"; {c.source}" if c.source else "")
            rid = card_entry_id(c.deck, c.name)
            out[rid] = Entry(rid, f"{c.name} ({c.type}, {c.deck})", text, source, "card")
    return out


# How sure a deck file is of a card it could not read off a real card (Voyager)
CONFIDENCE_NOTE = {
    "likely": " (Known from reviews and the FAQ, not read off a card: this wording is likely, the project's reading.)",
    "reconstructed": " (Reconstructed from reviews and the FAQ: the project's best reading of this card.)",
}


def confidence_note(confidence: str | None, source: str | None) -> str:
    """What an entry says of a card not read off a real card: how sure the
    deck file is, and that the card is modelled on Star Fluxx where it is."""
    note = CONFIDENCE_NOTE.get(confidence or "", "")
    if note and source and "Star Fluxx" in source:
        note = note[:-1] + " Its power is inferred from the Star Fluxx card of the same role.)"
    return note


def card_entry_id(deck: str, name: str) -> str:
    """The reference id of a card's entry: cards.fluxx5.milk-and-cookies."""
    slug = "".join(ch if ch.isalnum() else "-" for ch in name.lower().replace("&", "and"))
    return f"cards.{deck}." + "-".join(x for x in slug.split("-") if x)


def build_all() -> dict[str, Entry]:
    out = _rules_and_topics()
    out.update(_card_entries())
    return out


def _rules_and_topics() -> dict[str, Entry]:
    out = build()
    for rid, (title, source, text) in TOPICS.items():
        out[rid] = Entry(rid, title, text, source, "card" if source.startswith("Card text") else "rulebook")
    return out


CARD_IDS = "cards."  # the ids of the cards' own entries begin so (card_entry_id)


class Reference(MutableMapping[str, Entry]):
    """The reference: rule id -> entry, in the order ``build_all`` gives
    (the rules, readings and topics, then the cards' entries), then what
    variants register. The cards' entries are made the first time anything
    needs one: a look-up of a ``cards.`` id, or the whole reference
    (iterated, counted, listed). Making them loads every shipped deck, which
    the app's first frame does not need (about 12 ms of its start)."""

    def __init__(self, head: dict[str, Entry]):
        self._entries = head
        self._cards_at = len(head)  # where the cards' entries go, until they are made

    def _all(self) -> dict[str, Entry]:
        if self._cards_at >= 0:
            ahead = list(self._entries.items())
            entries = dict(ahead[:self._cards_at])
            entries.update(_card_entries())
            entries.update(ahead[self._cards_at:])  # registered since: after the cards, as before
            self._entries, self._cards_at = entries, -1
        return self._entries

    @property
    def cards_made(self) -> bool:
        """Whether the cards' entries have been made yet."""
        return self._cards_at < 0

    # pragma: no mutate start
    # (test support that mutmut's own runs call before every test: each of its
    # mutants would run the whole suite; a test of the reference's corners holds it)
    def forget_cards(self) -> None:
        """Drop the cards' entries, to be made again when next needed, in the
        same place (the mutation tests start each test so: a test that needs
        them makes them, and is known to reach the code that does)."""
        if self._cards_at < 0:
            ids = list(self._entries)
            self._cards_at = next((i for i, k in enumerate(ids) if k.startswith(CARD_IDS)), len(ids))
            self._entries = {k: e for k, e in self._entries.items() if not k.startswith(CARD_IDS)}
    # pragma: no mutate end

    def _holding(self, rule_id: object) -> dict[str, Entry]:
        if isinstance(rule_id, str) and rule_id.startswith(CARD_IDS):
            return self._all()
        return self._entries

    def __getitem__(self, rule_id: str) -> Entry:
        return self._holding(rule_id)[rule_id]

    def get(self, rule_id: str, default: Entry | None = None) -> Entry | None:  # type: ignore[override]
        return self._holding(rule_id).get(rule_id, default)

    def __contains__(self, rule_id: object) -> bool:
        return rule_id in self._holding(rule_id)

    def __setitem__(self, rule_id: str, e: Entry) -> None:
        self._holding(rule_id)[rule_id] = e

    def __delitem__(self, rule_id: str) -> None:
        del self._all()[rule_id]

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())

    def __repr__(self) -> str:
        return f"Reference({len(self)} entries)"


REFERENCE = Reference(_rules_and_topics())


def search(text: str, limit: int = 10) -> list[Entry]:
    """The entries that answer a question, best first (``tutor.search``:
    FTS5 with BM25, stemming and the game's synonyms)."""
    from .search import search as ranked
    return [h.entry for h in ranked(text, limit)]


def register_rules(rules: dict[str, tuple[str, str, str]], kind: str = "") -> None:
    """A variant or mechanism outside the engine adds the ids of its rules:
    {id: (title, source, reference text)}. The engine's events may then
    cite them, and the tutor explains them like its own. ``kind`` names the
    entries whose source is the variant's own rules (Solo Fluxx: "solo")."""
    for rid, (title, source, text) in rules.items():
        new = Entry(rid, title, text, source, _kind(rid, source, kind))
        if REFERENCE.get(rid, new) != new:
            raise ValueError(f"the rule id {rid!r} is already in the tutor's reference, with other words")
        RULES[rid] = (title, source)
        TEXT[rid] = text
        if kind:
            VARIANT_KINDS[rid] = kind
        REFERENCE[rid] = new


def register_readings(readings: dict[str, tuple[str, str]]) -> None:
    """A variant adds project readings that are not events of their own:
    {id: (title, text)}."""
    for rid, (title, text) in readings.items():
        new = Entry(rid, title, text, "Project reading (the sources are silent)", "reading")
        if REFERENCE.get(rid, new) != new:
            raise ValueError(f"the reading {rid!r} is already in the tutor's reference, with other words")
        READINGS[rid] = (title, text)
        REFERENCE[rid] = new


def entry(rule_id: str) -> Entry | None:
    found: Entry | None = REFERENCE.get(rule_id)
    return found


def counts_by_kind() -> dict[str, int]:
    out: dict[str, int] = {}
    for e in REFERENCE.values():
        out[e.kind] = out.get(e.kind, 0) + 1
    return dict(sorted(out.items()))
