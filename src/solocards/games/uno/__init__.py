"""UNO: Mattel's classic 108-card rules, with every house rule of the rules file as an option.

Notation (API.md): a card is colour + rank (``R7``, ``GS``, ``BR``, ``Y+2``) or ``W`` /
``W+4``. A play is the card, then ``:C`` (the colour a wild names, mandatory), ``>N`` (the seat a
7 swaps with under ``seven_zero`` with ``seven_zero_target=choose``), ``!`` (calls UNO). Other
actions: ``draw``, ``pass``, ``challenge``, ``uno`` (a late call), ``catch>N``, and ``color:C``
(eldest names the colour of a Wild turned up as the first card). Multi-plays
(``multi_play_same_number``) are ``R7+G7+B7``, the last card ending on top (see
:mod:`.multiplay`).

Action space (:mod:`.actions`): fixed by the player count, the same ids whatever the options
(164 actions for 4 players): every single play in every form (``R5``, ``R5!``, ``R7>N``,
``R7>N!``, ``W:C``, ``W+4:C!``, ...), ``draw``, ``pass``, ``challenge``, ``uno``, ``catch>N``,
``color:C``. Only games made with ``multi_play_same_number`` append the multi-plays after them.

Speed: random playouts run through ``to_act`` / ``legal_action_ids`` / ``apply_id``, whose
fast paths (hand bit masks, memoised turn lists, inline plays and draws) are in
:mod:`.state` and :mod:`.fast`; every other path is the plain rules code.

Decisions on points the rules leave open (each documented where it is implemented):

- ``!`` is legal only with a play that leaves the player exactly one card (after a 7-0 swap);
  the plain form stays legal and makes the player *vulnerable* (``uno_enforcement=catch``) or
  costs ``uno_penalty`` cards at once (``auto``). Under ``strict_uno_call`` there is no ``!``:
  the call is the action ``uno`` right after the play.
- Only the player who made the move owes the UNO call; a seat handed one card by someone else's
  7-0 exchange does not.
- A 7 that is the player's last card swaps nothing and names no seat.
- A voluntary draw that got a card always leads to the ``drawn`` phase (play it or ``pass``), so
  the table never learns whether the drawn card was playable. A draw with both piles empty ends
  the turn.
- A first-card Draw Two is drawn at the deal (no stacking, no challenge against it).
- Windows: any play and any turn action of the seat whose turn it is close the jump-in and catch
  windows; a catch or a late ``uno`` only clears the vulnerability. A jump-in is one card, never
  a wild, never on one's own card, never by the seat whose turn it is (that is a normal play).
- The challenged hand is the hand at the moment of the challenge; it goes to the challenger's
  view (``revealed``, ``known_hands``) only.
"""

from .game import UnoGame

__all__ = ["UnoGame"]
