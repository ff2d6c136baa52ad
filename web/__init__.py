"""The page for the table (``/``) and the API reference (``/docs``, ``/openapi.yaml``, ``/openapi.json``).

The page is a Jinja template and a script of our own (``static/page.js``, no build step, no library): it asks the
API what the games, variants, options and decks are (``GET /v1/games``, ``GET /v1/games/{game}/variants/{id}``,
``POST /v1/games/{game}/deck``), builds the request a question needs from the fields of :mod:`web.forms`, and shows
the ruling.  Every text it shows is a catalog text rendered by the server in the page's language: the browser's
(``Accept-Language``), or the one the switch chose (``?lang=ru``).

``/docs`` is Swagger UI from the ``flask-swagger-ui`` distribution, served from this app (no CDN), started by a
script of ours so that the page keeps a script policy of its own origin only.  The page and ``/docs`` are the only
answers with :data:`PAGE_CSP`; everything else, the spec included, keeps the API's ``default-src 'none'``.
"""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

import flask_swagger_ui
import yaml
from flask import Blueprint, Response, render_template, request
from werkzeug.exceptions import NotFound

from referee import i18n, registry, settings
from referee.cards import RANKS, rank_text
from referee.i18n import N_, _, ngettext

from . import forms, variants

# the contract: the repository's openapi.yaml, shipped in this package (web/openapi.yaml links to it; a wheel holds
# a copy)
SPEC_PATH = Path(__file__).with_name("openapi.yaml")
SWAGGER_DIST = Path(flask_swagger_ui.__file__).with_name("dist")

# the page's own policy: everything from this origin only; no inline script or style, no frames, no plugins
PAGE_CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
            "font-src 'self'; form-action 'none'; base-uri 'none'; frame-ancestors 'none'")
PAGES = {"web.index", "web.docs", "web.sheet"}          # the endpoints that answer with PAGE_CSP

bp = Blueprint("web", __name__, static_folder="static", static_url_path="/assets", template_folder="templates")
# the Swagger UI distribution, as the package ships it
swagger = Blueprint("swagger_ui", __name__, static_folder=str(SWAGGER_DIST), static_url_path="/docs/swagger-ui")


@bp.record_once
def _jinja_i18n(state) -> None:
    """Templates translate with the catalog's own ``_`` and ``ngettext`` (``{{ _("Game") }}``)."""
    env = state.app.jinja_env
    env.add_extension("jinja2.ext.i18n")
    env.install_gettext_callables(gettext=_, ngettext=ngettext, newstyle=False)


def _text(message: str) -> str:
    """``message`` in the page's language with its ``{parameters}`` left for the script to fill."""
    lang = i18n.current()
    return message if lang == i18n.DEFAULT_LANGUAGE else i18n.translations(lang).gettext(message)


@bp.before_request
def page_language():
    """``?lang=ru`` (the page's switch) wins over the browser's languages; an unknown one is ignored."""
    lang = request.args.get("lang")
    if lang in i18n.LANGUAGES:
        i18n.set_language(lang)


def _page(template: str, **context) -> Response:
    lang = i18n.current()
    html = render_template(template, lang=lang, languages=i18n.LANGUAGES, chosen=request.args.get("lang"), **context)
    return Response(html, mimetype="text/html", headers={"Content-Language": lang, "Vary": "Accept-Language"})


# texts the script shows, rendered into the page (key -> catalog text)
TEXTS = {
    "loading": N_("Asking the referee…"),
    "unreachable": N_("The referee could not be reached: {why}"),
    "network_down": N_("no answer came over the network; check the connection and try again"),
    "bad_answer": N_("it answered with an error page ({status}) instead of a ruling"),
    "legal": N_("Legal"), "not_legal": N_("Not legal"), "valid": N_("The log is valid"),
    "invalid": N_("The log breaks a rule"), "scored": N_("The score"),
    "rule": N_("The rule"), "penalty": N_("Penalty"), "penalties": N_("Penalties"),
    "instead": N_("What the player may do instead"),
    "nothing_instead": N_("The referee lists no other action for this position."),
    "options_in_force": N_("House rules in force for this rule"),
    "needs_more": N_("The referee cannot judge this yet"), "fix_marked": N_("Fix or fill in the marked fields."),
    "item": N_("Item"), "points": N_("Points"), "game_over": N_("The game is over."), "winner": N_("Winner: {winner}"),
    "events": N_("Also"), "line": N_("line {n}"), "event": N_("event {n}"),
    "add": N_("Add"), "remove": N_("Remove"), "no_cards": N_("Pick the cards"), "change": N_("Change"),
    "pick_for": N_("Picking cards for: {field}"), "deck_size": N_("Cards in the deck: {n}"),
    "left": N_("left: {n}"), "too_many": N_("more copies than the deck holds"),
    "remove_card": N_("Remove {card}"), "add_card": N_("Add {card}"),
    "done_picking": N_("Done"), "more": N_("More details"), "none": N_("not set"),
    "share": N_("Share this question"), "copied": N_("Link copied"), "copy": N_("Copy the link"),
    "json": N_("The request as JSON"), "apply_json": N_("Use this JSON"),
    "bad_json": N_("This is not JSON: look at the brackets, commas and quotes"),
    "not_object": N_("The request must be a JSON object"),
    "house_rules": N_("House rules"), "changed": N_("changed: {n}"), "reset": N_("Back to the variant's rules"),
    "null_option": N_("off"), "yes": N_("yes"), "no": N_("no"),
    "situation": N_("What happened?"), "ask": N_("Ask the referee"),
    "paste": N_("Paste a request or a log (JSON), or several (JSONL: one a line)"),
    "open_file": N_("…or open a JSON or JSONL file"), "empty_log": N_("Paste a log or open a file first"),
    "whole_request": N_("The request"),
    "variant_players": N_("Players: {n}"), "joker": N_("joker"),
    "names": N_("Anna, Boris, Vera, Gleb, Dina, Egor"),
    # «Правила нашего стола»: a table's choices saved under a name, shared by a link, printed as one sheet
    "table_none": N_("The variant's rules (no table chosen)"), "tables": N_("The tables saved on this device"),
    "table_rename": N_("Rename “{name}”"), "table_delete": N_("Delete “{name}”"),
    "table_saved": N_("Saved: “{name}”. The quick questions and the score sheet play by it."),
    "table_renamed": N_("Renamed: “{name}”."), "table_deleted": N_("Deleted: “{name}”."),
    "table_chosen": N_("Chosen: “{name}”."), "table_name_needed": N_("Type a name for the table."),
    "table_name_taken": N_("Another table has this name already."),
    "table_offer": N_("The link brings the rules of the table “{name}”: {what}."),
    "table_offer_saved": N_("Saved on this device: “{name}”."),
    "table_replace_ask": N_("Replace the rules of the table “{name}”?"), "table_replace": N_("Replace"),
    "table_replace_keep": N_("Keep the old rules"), "table_undo": N_("Bring it back"),
    "table_restored": N_("Brought back: “{name}”."),
    "sheet_title": N_("Our table's rules: {name}"), "sheet_untitled": N_("Our table's rules"),
    "sheet_house": N_("House rules of this table"), "sheet_as_variant": N_("The variant's rules: none changed."),
    "sheet_rules": N_("The rules as they apply at this table"), "sheet_players": N_("players: {n}"),
}


# texts of the «Партия» mode (static/sheet.js), rendered into /sheet the same way
SHEET_TEXTS = {
    "names": TEXTS["names"],
    "player_name": N_("Player {n}"), "seat_name": N_("Seat {n} (seats 1 and 3 play together)"),
    "names_needed": N_("Give every player a name, each a different one."),
    "names_invisible": N_("Player {n}'s name holds characters that show nothing: type the name again."),
    "names_lookalike": N_("“{first}” and “{second}” look alike (letters of another alphabet): give names that can be "
                          "told apart."),
    "need_points": N_("Type {name}'s card points."),
    # five at Canasta: the one of the trio who sat the deal out, in the row
    "sat_out": N_("{name} sat this deal out"), "mark_sat_out": N_("{name} sits out"),
    "name_empty": N_("Type player {n}'s name."), "name_taken": N_("Another player has this name already."),
    "name_long": N_("A name is at most {n} characters long."),
    "stake_range": N_("The stake is a whole number from {min} to {max}; leave it empty to play for no money."),
    "option_range": N_("A whole number from {min} to {max}."), "option_whole": N_("A whole number."),
    "check_fields": N_("Check the boxes marked above."),
    "contract_range": N_("A contract is a whole number from {min} to {max}."),
    "card_points_range": N_("{what}: a whole number from 0 to 120 (all the cards of a deal are worth 120)."),
    "whole_number": N_("{what}: a whole number, up to {max}."),
    "not_written": N_("the cards' score, not written"),
    "replace_game_confirm": N_("The link brings another game. Replace the game kept on this device with it?"),
    "rules_as_variant": N_("the variant's rules"), "rules_changed": N_("house rules changed: {n}"),
    "stake_is": N_("stake {n}"),
    "unreachable_now": N_("The referee does not answer; trying again…"),
    "golden": N_("Golden deal"), "blind": N_("Played blind"),
    "declarer": N_("Who plays"), "contract": N_("Contract"), "outcome": N_("The outcome"),
    "made": N_("Made"), "failed": N_("Failed"), "conceded": N_("Conceded"),
    "points_of": N_("{name}: card points"), "marriage_of": N_("{name}: marriages"),
    "marriage_suit": N_("{name} announced the {suit} marriage"),
    "no_trick": N_("No trick"),
    "went_out": N_("Went out"), "concealed": N_("Went out concealed"),
    "trump": N_("Trump"), "meld_of": N_("{name}: meld"), "counters_of": N_("{name}: counters"),
    "last_trick": N_("Last trick"),
    "bidder": N_("Who won the bidding"), "bid": N_("Bid"), "bidder_meld": N_("The bidder's meld"),
    "need_bidder": N_("Tap who won the bidding."), "need_bid": N_("Type the bid."),
    "mark_meld_lost": N_("meld lost"),
    "seat_plain": N_("Seat {n}"), "sitting_out": N_("Sits this deal out"), "sides": N_("Sides"),
    "sides_pairs": N_("three sides of two: {sides}"), "sides_trios": N_("two sides of three: {sides}"),
    "declared_out": N_("Declared out"),
    "need_declarer": N_("Tap the declarer."), "need_contract": N_("Type the contract."),
    "need_trump": N_("Tap the trump."),
    "points_say_made": N_("By these points the contract is made: check the points and the marriages."),
    "points_say_failed": N_("By these points the contract is not made: check the points and the marriages."),
    "deal_n": N_("Deal {n}"), "edit_deal_n": N_("Correct deal {n}"), "record": N_("Record the deal"),
    "save": N_("Save the correction"), "dealer_is": N_("Dealer: {name}"),
    "recorded": N_("Recorded."), "caught_up": N_("The referee answered: every deal is scored."),
    "deal_refused": N_("The referee answered: deal {n} was not taken; it is back in the form below."),
    "not_checked": N_("not checked yet"), "total_after_n": N_("Total after deal {n}"),
    "deal_col": N_("Deal"), "total": N_("Total"), "sheet": N_("The score sheet"),
    "no_deals": N_("No deal yet: enter the first one below."),
    "row_made": N_("{name} {n}: made"), "row_failed": N_("{name} {n}: failed"),
    "row_conceded": N_("{name} {n}: conceded"),
    # Pinochle's three-hand auction: the bidder gives up before the first lead, and the bid is off once
    "pin_given_up": N_("Given up before the first lead"),
    "row_given_up": N_("{name} {n}: given up, the bid off once"),
    "mark_barrel": N_("B"), "mark_concession": N_("C"),
    # Pinochle's bidder giving up before the first lead: not Thousand's concession (no «роспись» there)
    "mark_give_up": N_("gave up"), "mark_out": N_("out"),
    "mark_out_concealed": N_("out concealed"), "mark_double_ending": N_("double ending"),
    "mark_red_threes": N_("red 3s "),
    "next_minimum": N_("first meld {n}+"),
    "game_over": N_("The game is over."), "winner": N_("Winner: {name}"),
    "settlement": N_("Stake {stake}, the bank {bank}: {net}"),
    "close": N_("Close"), "copied": N_("Link copied"), "off": TEXTS["null_option"],
    "new_game_confirm": N_(
        "Start a new game? This sheet will be gone from this device (keep its link to open it again)."),
    # Thousand for four: the dealer sits out and scores from the talon
    "dealer_sits_out": N_("Dealer: {name}, sitting out this deal"),
    "talon_points_of": N_("{name}: the talon's card points"),
    "talon_cards_of": N_("{name}: the talon's 3 cards"),
    "need_talon_points": N_("{name} sits out: type the talon's card points."),
    "need_talon_cards": N_("{name} sits out: type the talon's 3 cards."),
    "mark_sitter": N_("T"),      # the talon: the dealer sat out and scored from it
    # penalties marked in the row (Thousand's irregularities)
    "penalty": N_("Penalty"), "pen_exposed": N_("A card exposed in the deal"),
    # the same button once a penalty is chosen: closing the penalties takes them away, and says so
    "penalty_remove": N_("Remove the penalties"),
    "pen_nine_cut": N_("A nine cut to the bottom a third time"), "pen_talon_peek": N_("Looked at the talon"),
    "row_not_played": N_("not played"),
    # Canasta's irregularities, as the score answer names them
    "pen_illegal_meld": N_("illegal meld"), "pen_red_three_not_laid_out": N_("red three not laid out"),
    "pen_pile_taken_illegally": N_("pile taken illegally"), "pen_permission_breach": N_("permission breach"),
    "pen_out_without_canasta": N_("out without canasta"),
    "pen_excess_wild_cards": N_("wild cards over the limit"),
    "pen_excess_count": N_("How many wild cards over the limit"),
    "excess_count_range": N_("{what}: a whole number from 1 to 9."),
    "other_tab": N_("This game was changed in another tab: the sheet here shows it now."),
}


# texts of the quick questions (static/quick.js), rendered into the page with the rest
QUICK_TEXTS = {
    "names": TEXTS["names"], "loading": TEXTS["loading"],
    "unreachable": N_("The referee could not be reached; check the connection and try again."),
    "refused": N_("The referee did not take the question: {why}"),
    "required": N_("needed"), "fix_marked": TEXTS["fix_marked"], "picked": N_("Picked: {cards}"),
    "clear_cards": N_("Clear the cards"),
    "yes": TEXTS["yes"], "no": TEXTS["no"], "off": TEXTS["null_option"],
    "of_S": N_("{rank} of spades"), "of_C": N_("{rank} of clubs"), "of_D": N_("{rank} of diamonds"),
    "of_H": N_("{rank} of hearts"),
    "tile_follow": N_("Must the player follow suit, trump or beat?"),
    "tile_made": N_("Did the declarer make the contract?"),
    "tile_playoff": N_("Must the player beat, follow suit or trump?"), "led_card": N_("The card led"),
    "need_trump_suit": N_("Tap the trump."),
    "instead_trump": N_("play a trump ({trump})"), "instead_follow": N_("play a card of the suit led ({led})"),
    "tile_bid": N_("May the player bid above 120?"), "who_bids": N_("Who bids"), "current_bid": N_("The bid to beat"),
    "current_bid_hint": N_("100 when nobody has bid above the forced 100."), "his_bid": N_("The player's bid"),
    "marriages_held": N_("Marriages the player holds (king and queen)"),
    "no_more_marriages": N_("The player holds no other marriage"),
    "need_bid": N_("Type the player's bid."), "bid_yes": N_("✓ {who} may bid {amount}"),
    "bid_no": N_("✗ {who} may not bid {amount}: {why}"),
    "not_enough_marriages": N_("the marriages in hand do not allow it"),
    "tile_minimum": N_("Our first meld: how many points?"), "side_score": N_("Our side's score"),
    "side_score_hint": N_("Before this hand."), "minimum_is": N_("The first meld needs at least {n} points"),
    "minimum_canasta": N_("The first meld must hold a canasta"),
    "minimum_canasta_and": N_("The first meld needs a canasta and at least {n} points"),
    "minimum_natural": N_("The first meld must hold a natural canasta, a sequence canasta or a canasta of wild cards"),
    "tile_concede": N_("What does a concession cost?"),
    "prior_concessions": N_("The player's concessions just before this one"),
    "prior_hint": N_("Under the house rules a third one may cost more."),
    "conceded_is": N_("{who} concedes {contract} → {totals}"),
    "tile_marriage": N_("May the player announce this marriage?"), "who_announces": N_("Who announces"),
    "marriage_suit": N_("The marriage's suit"), "marriage_lead": N_("The card the player leads with it"),
    "took_a_trick": N_("Has the player taken a trick in this deal?"), "need_suit": N_("Tap the marriage's suit."),
    "need_took": N_("Tap whether the player has taken a trick."),
    "marriage_yes": N_("✓ Allowed: the {suit} marriage scores {points}, and {suit} is trump"),
    "tile_meld": N_("Is this meld legal, and what is it worth?"), "who_melds": N_("Who melds"),
    "meld_cards": N_("The meld's cards"), "meld_cards_hint": N_("Tap a card twice for its second copy."),
    "earlier_meld": N_("The player's earlier meld still on the table"),
    "earlier_meld_hint": N_("If the new meld takes a card from it: tap that meld's cards."),
    "need_meld": N_("Tap the meld's cards."), "meld_yes": N_("✓ Allowed: {name} — {points}"),
    "players_are": N_("Players: {names}"), "player_n": N_("Player {n}"), "save_names": N_("Use these names"),
    "tile_pile": N_("May we take the pile?"), "tile_out": N_("I declared out: do I win?"),
    "who_plays": N_("Who plays the card"), "trick_cards": N_("The cards in the trick"),
    "trick_hint": N_("The card led first, then the second one if it was played."),
    "his_card": N_("The card the player wants to play"), "trump": N_("Trump"), "no_trump": N_("no trump yet"),
    "lacks": N_("Known to have none of"), "holds": N_("Known to hold"),
    "need_trick": N_("Tap the card that was led."), "need_card": N_("Tap the card the player wants to play."),
    "need_trump": N_("Tap the trump, or «no trump yet»."),
    "card_on_table": N_("{card} is already in the trick."),
    "void_but_plays": N_("{who} is said to have no {suit}, but plays {card}."),
    "trump_split": N_("{trump} cannot be trump here: {k} and {q} are in different hands, so nobody announced its "
                      "marriage."),
    "must_trump_m": N_("✗ Not allowed: {who} has no {led}, he must trump ({trump})"),
    "must_trump_f": N_("✗ Not allowed: {who} has no {led}, she must trump ({trump})"),
    "must_follow_m": N_("✗ Not allowed: {who} has {led}, he must follow suit"),
    "must_follow_f": N_("✗ Not allowed: {who} has {led}, she must follow suit"),
    "not_allowed": N_("✗ Not allowed: {why}"), "allowed": N_("✓ Allowed"),
    "no_trump_yet": N_("✓ No trump yet — any card may be played"),
    "depends": N_("? It depends on the cards nobody has seen: {conditions}"),
    # several suits one player must lack, said in one condition: "legal only if Anna holds no ♦ and no ♥"
    "lacks_suits": N_("legal only if {player} holds no {suits}"), "lacks_suits_sep": N_(" and no "),
    "declarer": N_("Who played the contract"), "contract": N_("Contract"), "who_concedes": N_("Who concedes"),
    "card_points_of": N_("{name}: card points"), "last_points_hint": N_("May be left empty: 120 less the others."),
    "marriages_of": N_("{name}: marriages announced"), "no_trick": N_("Took no trick"),
    "total_before_of": N_("{name}: total before this deal"),
    "totals_hint": N_("As on the score sheet before this deal."),
    "totals_from_sheet": N_("Taken from the game kept on this device: correct them if needed."),
    "need_declarer": N_("Tap who played the contract."), "need_contract": N_("Type the contract."),
    "need_points": N_("Type {name}'s card points."), "need_total": N_("Type {name}'s total before this deal."),
    "made_m": N_("{who} made his {contract} → {totals}"), "made_f": N_("{who} made her {contract} → {totals}"),
    "made_m_deal": N_("{who} made his {contract}: {scores} for the deal"),
    "made_f_deal": N_("{who} made her {contract}: {scores} for the deal"),
    "failed_m_deal": N_("{who} failed his {contract}: {scores} for the deal"),
    "failed_f_deal": N_("{who} failed her {contract}: {scores} for the deal"),
    "conceded_deal": N_("{who} concedes {contract}: {scores} for the deal"),
    "totals_optional_hint": N_("As on the score sheet before this deal, all of them or none: with none, the deal's "
                               "own score."),
    "failed_m": N_("{who} failed his {contract} → {totals}"), "failed_f": N_("{who} failed her {contract} → {totals}"),
    "who_takes": N_("Who takes the pile"), "offered": N_("The cards offered from the hand"),
    "offered_hint": N_("Tap a rank once for each card."), "top_card": N_("The pile's top card"),
    "frozen_by": N_("What froze the pile"), "not_frozen": N_("not frozen"), "frozen_wild": N_("a wild card"),
    "frozen_red_three": N_("a red three"), "frozen_black_three": N_("a black three"),
    "side_opened": N_("Has the side opened (melded)?"), "side_total": N_("The side's score so far"),
    "side_total_hint": N_("Needed only before opening: it sets the first meld's minimum."),
    "need_offered": N_("Tap the cards offered from the hand."),
    "need_two": N_("Offer two cards or more: one card alone with the top card is no meld."),
    "need_top": N_("Tap the pile's top card."),
    "need_frozen": N_("Tap what froze the pile, or «not frozen»."),
    "need_opened": N_("Tap whether the side has opened."),
    # a side that has not opened: its score sets the opening's minimum, so a blank is never read as 0
    "need_side_total": N_("Type the side's score (0 at the start of the game): until the side opens, it sets how "
                          "much the opening needs."),
    "need_number": N_("Type a whole number."),
    "pile_yes": N_("✓ Yes, the pile may be taken"),
    "pile_if_melds": N_("? Yes, if {player} also lays down melds from the hand worth at least {points}: the "
                        "side's opening needs {minimum}, and the top card with the cards from the hand make {made}"),
    "pile_size": N_("Cards in the pile"),
    "pile_size_hint": N_("May be left empty when nobody counted them."), "cards_taken": N_("Cards taken: {n}"),
    "who_declared": N_("Who declared out"), "banked": N_("Score before this deal"),
    "meld_this_deal": N_("Meld in this deal"), "counters_taken": N_("Counters taken so far"),
    "target": N_("Game to"), "tricks_played": N_("Tricks played so far"),
    "tricks_hint": N_("Only needed to check that the counters could have been taken."),
    "need_claimant": N_("Tap who declared out."),
    "out_right": N_("✓ The claim is right: {total} ≥ {target} — {winner} wins"),
    "out_wrong": N_("✗ The claim is wrong: {total} < {target} — {winner} wins"),
    "winner": N_("Winner: {name}"), "claim_right": N_("The claim is right."), "claim_wrong": N_("The claim is wrong."),
    "game_won": N_("The game is over: {name} wins."), "game_over": TEXTS["game_over"],
    "penalties": TEXTS["penalties"], "penalty_line": N_("{points} for {who}"),
    "pair": N_("{a} and {b}"), "no_penalty": N_("No penalty points."),
    "red_three_top": N_("✗ A red three never lies on top of the pile: one turned up after the deal is covered at "
                        "once, and red threes are never discarded — they are laid out on the table"),
    "need_excess": N_("Type how many wild cards are too many."),
    "instead": TEXTS["instead"], "nothing_instead": TEXTS["nothing_instead"],
    "the_rule": N_("The rule as it applies"), "house_rules": N_("House rules in force"), "sources": N_("Sources"),
    "may_play": N_("play {card}"), "may_draw": N_("draw from the stock"),
    "may_play_unannounced": N_("play {card} without announcing the marriage"),
    "may_meld": N_("declare {cards}"), "may_dix": N_("declare the dix"), "may_pass": N_("pass"),
    "may_redeal": N_("ask for a redeal: {reason}"), "redeal_four_nines": N_("four nines in the hand"),
    "redeal_weak_hand": N_("a hand too weak to play"), "redeal_weak_talon": N_("a talon too weak"),
    "barrel_least": N_("From the barrel the contract is at least {least}: a lower one cannot finish the game."),
    "scores": N_("The score"), "player": N_("Player"), "this_deal": N_("This deal"), "total": N_("Total"),
    "may_discard": N_("discard {card}"), "may_go_out": N_("go out: {melds}"),
    "may_go_out_discard": N_("go out: {melds}, and discard {card}"),
    "top_card_hint": N_("A red or a black three: tap 3♥ or 3♠."),
    "red_three_card": N_("red three"), "black_three_card": N_("black three"),
    # the barrel
    "tile_barrel": N_("The barrel: does the player stay, get off or fall?"),
    "who_on_barrel": N_("Who is on the barrel"),
    "barrel_try": N_("Which deal on the barrel is this?"),
    "contract_range": N_("A contract is from {low} to {high}, in steps of {step}."),
    "contract_unmakeable": N_("No deal makes {contract}: the card points and the marriages a declarer can announce "
                              "come to {most} at most."),
    "barrel_try_hint": N_("1 for the first deal since the player got on."),
    "barrel_outcome": N_("How did this deal go for the player on the barrel?"),
    "he_made": N_("the contract was theirs and was made"),
    "he_failed": N_("the contract was theirs and failed"), "he_conceded": N_("the contract was theirs and conceded"),
    "other_plays": N_("another player played"),
    "his_contract": N_("The contract of the player on the barrel"),
    "his_contract_hint": N_("Only when the contract was theirs."),
    "barrel_falls": N_("Times the player has fallen off the barrel before"),
    "barrel_falls_hint": N_("Under the house rules a third fall may wipe the total."),
    "need_try": N_("Tap which deal on the barrel this is."),
    "need_outcome": N_("Tap how the deal went for the player."),
    "barrel_win": N_("✓ {who} finishes from the barrel: {total} — the game is won"),
    "barrel_stays": N_("{who} stays on the barrel at {total}: deals used {used} of {max}"),
    "barrel_stays_need": N_("{who} stays on the barrel at {total}: deals used {used} of {max}; to finish the game from "
                            "it, bid and make at least {least}"),
    "barrel_fall": N_("✗ {who} falls off the barrel: {before} → {total}"),
    # bolts
    "tile_bolts": N_("A deal without a trick: what does the bolt cost?"),
    "who_no_trick": N_("Who took no trick"), "bolts_before": N_("Bolts the player already has"),
    "bolts_before_hint": N_("Counted in a row or in all, as the house rules count them."),
    "his_total_before": N_("The player's total before this deal"),
    "need_bolts": N_("Tap how many bolts the player already has."),
    "bolt_costs": N_("✗ {who}: {bolt} — it costs {points}: {before} → {after}"),
    "bolt_free": N_("{who}: {bolt} — no penalty yet"),
    "bolt_none": N_("{who}: this deal is no bolt under the house rules"),
    "bolt_none_barrel": N_("{who} is on the barrel: a deal played on the barrel is no bolt"),
    # going out
    "tile_goout": N_("May I go out?"), "who_goes_out": N_("Who goes out"),
    "side_table": N_("What the player's side already has on the table"), "table_nothing": N_("nothing"),
    "table_melds": N_("melds, no canasta"), "table_1": N_("1 canasta"), "table_2": N_("2 canastas"),
    "table_3": N_("3 canastas"),
    "out_melds": N_("The cards the player melds now"),
    "out_melds_hint": N_("Tap a rank once for each card. One or two of a rank go onto the side's meld of it."),
    "out_discard": N_("The last card the player discards"),
    "out_discard_hint": N_("Leave empty when the player melds every card."),
    "partner_answer": N_("The partner's answer to «May I go out?»"), "not_asked": N_("not asked"),
    "need_table": N_("Tap what the player's side has on the table."),
    "need_out_cards": N_("Tap the cards the player melds, or the one discarded."),
    "out_yes": N_("✓ {who} may go out"), "out_yes_concealed": N_("✓ {who} may go out, concealed"),
    "out_no": N_("✗ {who} may not go out: {why}"),
    "out_no_canasta": N_("✗ {who} may not go out: there is no canasta, and with nothing on the table yet the whole "
                         "hand goes down at once with a canasta in it"),
    "out_whole_hand": N_("With nothing on the table yet, going out lays the whole hand down at once: tap all 12 cards "
                         "of the hand (the 11 dealt and the one just drawn), the melds and the discard. Tapped so "
                         "far: {n}."),
    "assumed_table": N_("The answer takes the side to have on the table: {melds}."),
    "assumed_canasta": N_("a canasta of {n} {rank}"),      # {rank}: the rank's plural in words («из 7 королей»)
    # irregularities
    "tile_irregularity": N_("What does this irregularity cost?"), "who_broke": N_("Who broke the rule"),
    "what_was_done": N_("What was done"),
    "irr_pile_taken_illegally": N_("took the pile before showing what takes it"),
    "irr_illegal_meld": N_("laid down a wrong meld"),
    "irr_excess_wild_cards": N_("too many wild cards in a meld, found too late"),
    "irr_red_three_not_laid_out": N_("kept a red three in hand to the end"),
    "irr_out_without_canasta": N_("tried to go out without a canasta"),
    "irr_permission_breach": N_("asked to go out too late, or ignored the answer"),
    "excess_count": N_("How many wild cards too many"), "excess_hint": N_("Only for too many wild cards."),
    "need_irregularity": N_("Tap what was done."),
    "irr_costs": N_("Penalty: {a} and {b} lose {points} points"),
    "irr_free": N_("No points are lost: {a} and {b} only put it right"),
    "table_in_force": N_("The rules of our table: {name}"),
    "table_not_here": N_("These questions are for {n} players: our table “{name}” seats another number, so they are "
                         "answered under the game's usual rules"),
}

# card names as words for screen readers («дама пик»)
RANK_WORDS_EN = {"A": "ace", "K": "king", "Q": "queen", "J": "jack", "10": "ten", "9": "nine", "8": "eight",
                 "7": "seven", "6": "six", "5": "five", "4": "four", "3": "three", "2": "two", "JK": "joker"}
# the plural after a count («a canasta of 7 kings»); Russian takes the genitive plural from referee.i18n
RANK_PLURAL_EN = {r: w + ("es" if w.endswith("x") else "s") for r, w in RANK_WORDS_EN.items()}
SUIT_WORDS = {"S": N_("spades"), "H": N_("hearts"), "D": N_("diamonds"), "C": N_("clubs")}


def quick_config() -> dict:
    lang = i18n.current()
    words = {r: w[0] for r, w in i18n.RANK_WORDS.get(lang, {}).items()} or RANK_WORDS_EN
    plural = {r: w[6] for r, w in i18n.RANK_WORDS.get(lang, {}).items()} or RANK_PLURAL_EN
    return {"texts": {k: _text(v) for k, v in QUICK_TEXTS.items()}, "rank_words": words, "rank_plural": plural,
            "suit_words": {s: _(w) for s, w in SUIT_WORDS.items()},
            "games": {"thousand": _("Thousand"), "canasta": _("Canasta"), "pinochle": _("Pinochle")},
            # a citation's sources shown by their titles (and publishers), not the bibliography's ids
            "bibliography": {g: {s["id"]: _source_label(s) for s in registry.get(g).rulebook.bibliography(lang=lang)}
                             for g in ("thousand", "pinochle", "canasta")}}


def _source_label(source: dict) -> str:
    """A bibliography entry as a reader knows it: its title, and who published (or wrote) it."""
    who = source.get("publisher") or source.get("author")
    return f"{source['title']} ({who})" if who else source["title"]


def config() -> dict:
    """Everything the script needs besides the API's answers, in the page's language."""
    lang = i18n.current()
    return {
        "lang": lang,
        "texts": {k: _text(v) for k, v in TEXTS.items()},
        "ranks": {r: rank_text(r, lang) for r in RANKS} | {"JK": rank_text("JK", lang)},
        "suits": {s: _(name) for s, name in forms.SUITS.items()},
        "forms": forms.translated(forms.FORMS),
        "questions": [[q, _(label)] for q, label in forms.QUESTIONS],
        "actions": {k: _(v) for k, v in forms.ACTIONS.items()},
        "score_keys": [[k, _(v)] for k, v in forms.SCORE_KEYS],     # a list: the page's JSON sorts object keys
        "quick": quick_config(),
        "house_rules": house_rules_config(),
        "variant_summaries": variants.summaries(),
    }


def house_rules_config() -> dict:
    """Each game's house rules as the page groups them: the most argued first, then the topics (each option in
    exactly one, :data:`referee.<game>.options.TOPICS`), with the topics' names in the page's language."""
    from referee.canasta import options as canasta
    from referee.pinochle import options as pinochle
    from referee.thousand import options as thousand
    games = {"thousand": thousand, "pinochle": pinochle, "canasta": canasta}
    return {
        "texts": {"first": _("Argued most often"), "search": _("Find a house rule"),
                  "search_hint": _("Type part of a word: only the rules that hold it are shown."),
                  "nothing_found": _("No house rule has these words."), "sources": _("Sources")},
        "games": {g: {"first": list(m.MOST_ARGUED),
                      "topics": [[t, _(label), list(names)] for t, label, names in m.TOPICS]}
                  for g, m in games.items()},
    }


@bp.get("/", strict_slashes=False)   # an empty path is not redirected to "/" (a Location built from Host)...
def index():
    if not request.environ.get("PATH_INFO"):
        raise NotFound()                 # ...nor answered with the page: no client sends one
    return _page("page.html", config=config())


# a Canasta side's counts as the sheet asks for them (the keys of the API's CanastaCounts)
COUNT_LABELS = {
    "natural_canastas": N_("Natural canastas"), "mixed_canastas": N_("Mixed canastas"),
    "mixed_canastas_one_wild": N_("Mixed canastas with one wild card"),
    "mixed_canastas_two_wilds": N_("Mixed canastas with two wild cards"),
    "mixed_canastas_three_wilds": N_("Mixed canastas with three wild cards"),
    "sevens_canastas": N_("Canastas of sevens"), "mixed_sevens_canastas": N_("Mixed canastas of sevens"),
    "sequence_canastas": N_("Sequence canastas"), "mixed_sequence_canastas": N_("Mixed sequence canastas"),
    "wild_canastas": N_("Wild canastas"), "deuce_canastas": N_("Canastas of seven 2s"),
    "joker_canastas": N_("Joker canastas"), "golden_canastas": N_("Golden canastas"),
    "diamond_canastas": N_("Diamond canastas"), "big_wild_canastas": N_("Big wild canastas"),
    "small_wild_canastas": N_("Small wild canastas"), "unfinished_wild_melds": N_("Unfinished wild melds"),
    "short_sequences": N_("Short sequences"), "long_sequences": N_("Long sequences"),
    "black_threes_melded": N_("Black threes melded"), "red_threes": N_("Red threes"),
    "meld_points": N_("Points in melds"), "hand_points": N_("Points left in hand"),
    "black_threes_in_hand": N_("Black threes left in hand"), "sevens_in_hand": N_("Sevens left in hand"),
}


@lru_cache(maxsize=1)
def canasta_keys() -> dict[str, list[str]]:
    """Each Canasta variant's counts under its own rules (:func:`referee.canasta.counts.applicable`)."""
    from referee import service
    from referee.canasta import counts
    game = next(g for g in service.games_index()["games"] if g["id"] == "canasta")
    out = {}
    for v in game["variants"]:
        info = service.variant_info("canasta", v["id"])
        out[v["id"]] = counts.applicable({o["name"]: o["default"] for o in info["options"]})
    return out


def sheet_config() -> dict:
    return {"lang": i18n.current(), "texts": {k: _text(v) for k, v in SHEET_TEXTS.items()},
            "suits": {s: _(name) for s, name in forms.SUITS.items()},
            "counts": {k: _(v) for k, v in COUNT_LABELS.items()}, "canasta_keys": canasta_keys()}


@bp.get("/sheet")
def sheet():
    """The «Партия» mode: a whole game kept on the score sheet."""
    return _page("sheet.html", config=sheet_config())


@bp.get("/docs")
def docs():
    return _page("docs.html")


@lru_cache(maxsize=1)
def _spec() -> tuple[str, str]:
    """The contract as this service keeps it: a log's ``maxItems`` is the ``REFEREE_MAX_EVENTS`` it was started
    with (the file states the default, 5000)."""
    text = SPEC_PATH.read_text(encoding="utf-8")
    if settings.MAX_EVENTS != 5000:
        text = text.replace("          maxItems: 5000\n          description: The events in order",
                            f"          maxItems: {settings.MAX_EVENTS}\n          description: The events in order")
    return text, json.dumps(yaml.safe_load(text), ensure_ascii=False)


@bp.get("/openapi.yaml")
def openapi_yaml():
    return Response(_spec()[0], mimetype="application/yaml")


@bp.get("/openapi.json")
def openapi_json():
    return Response(_spec()[1], mimetype="application/json")
