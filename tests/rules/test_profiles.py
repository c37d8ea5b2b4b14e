import json
import re

import pytest

from rules.contract import Trump
from rules.documents import load_profile, profile_document
from rules.errors import ProfileError, UnknownProfileError
from rules.profiles import Marks, Speeches, TaPoints, Undertrump
from rules.registry import PROFILES, find_profile
from rules.seats import Direction

EIGHT = {
    "ffb",
    "ffb-sata",
    "funbelote-coinche",
    "contree",
    "contree-points-faits",
    "contree-points-annonces",
    "yeeqia",
    "tripot",
}


def test_the_eight_profiles_are_registered():
    assert set(PROFILES) == EIGHT


def test_unknown_profile_raises_with_the_known_ids():
    with pytest.raises(UnknownProfileError, match="known: contree"):
        find_profile("belote-classique")


@pytest.mark.parametrize("pid", sorted(EIGHT))
def test_documents_round_trip_as_json(pid):
    doc = profile_document(find_profile(pid))
    again = load_profile(json.loads(json.dumps(doc)))
    assert again == find_profile(pid)


def test_switch_values_of_rules_md():
    ffb, sata, fun = (
        find_profile("ffb"),
        find_profile("ffb-sata"),
        find_profile("funbelote-coinche"),
    )
    contree, yeeqia, tripot = (
        find_profile("contree"),
        find_profile("yeeqia"),
        find_profile("tripot"),
    )
    assert ffb.direction is Direction.COUNTERCLOCKWISE and tripot.direction is Direction.CLOCKWISE
    assert yeeqia.direction is Direction.CLOCKWISE
    assert Trump.SA not in ffb.trumps and Trump.TA in sata.trumps
    assert (tripot.min_bid, tripot.max_bid, ffb.max_bid, fun.max_bid) == (82, 160, None, 160)
    assert tripot.capot_ends_auction and not ffb.capot_ends_auction
    assert yeeqia.same_value_higher_suit and yeeqia.speeches is Speeches.ONE_ROUND
    assert tripot.coinche_out_of_turn and not ffb.coinche_out_of_turn
    assert fun.capot_over_coinche and not contree.capot_over_coinche
    assert ffb.overtrump_partner and not fun.overtrump_partner and not contree.overtrump_partner
    assert yeeqia.undertrump is Undertrump.MUST_UNDERTRUMP is tripot.undertrump
    assert ffb.undertrump is Undertrump.MAY_DISCARD
    assert tripot.ta_points is TaPoints.SCALED and sata.ta_points is TaPoints.REDUCED
    assert ffb.announces and fun.announces and not contree.announces and not tripot.announces
    assert not tripot.belote_at_ta and sata.belote_at_ta
    assert (fun.capot_points, fun.generale_points, ffb.capot_points) == (250, 350, 252)
    assert [
        find_profile(p).target for p in ("ffb", "funbelote-coinche", "contree", "yeeqia", "tripot")
    ] == [2000, 1501, 1501, 1001, 3000]
    assert ffb.belote_needs_trick and not fun.belote_needs_trick
    assert not contree.belote_protected and ffb.belote_protected and tripot.belote_protected
    families = {pid: find_profile(pid).marks for pid in EIGHT}
    assert families == {
        "ffb": Marks.FFB,
        "ffb-sata": Marks.FFB,
        "funbelote-coinche": Marks.FFB,
        "contree": Marks.CONTREE,
        "contree-points-faits": Marks.POINTS_FAITS,
        "contree-points-annonces": Marks.POINTS_ANNONCES,
        "yeeqia": Marks.YEEQIA,
        "tripot": Marks.TRIPOT,
    }
    assert (tripot.misdeal_penalty, ffb.misdeal_penalty) == (160, 0)
    assert not tripot.shuffle and tripot.cut_min_packet == 2 and ffb.cut_min_packet == 3


@pytest.mark.parametrize("pid", sorted(EIGHT))
def test_every_profile_shows_its_conventions(pid):
    doc = profile_document(find_profile(pid))
    assert doc["conventions"], pid
    assert all(v.startswith("(conv.)") or "001" in v for v in doc["conventions"].values())


def test_a_club_profile_based_on_a_builtin():
    p = load_profile({"base": "ffb", "id": "club-lyon", "target": 1000, "trumps": ["H", "SA"]})
    assert p.target == 1000 and p.trumps == (Trump.H, Trump.SA) and p.id == "club-lyon"
    assert p.announces  # inherited


def test_a_full_club_profile_without_base():
    doc = profile_document(find_profile("tripot"))
    doc["id"] = "tripot-1000"
    doc["target"] = 1000
    p = load_profile(doc)
    assert p.target == 1000 and p.min_bid == 82


@pytest.mark.parametrize(
    ("doc", "switch", "message"),
    [
        ({"base": "ffb", "id": "x", "min_bid": "eighty"}, "min_bid", "integer"),
        ({"base": "ffb", "id": "x", "direction": "sideways"}, "direction", "one of"),
        ({"base": "ffb", "id": "x", "trumps": ["H", "XX"]}, "trumps", "unknown trump"),
        ({"base": "ffb", "id": "x", "trumps": []}, "trumps", "non-empty"),
        ({"base": "ffb", "id": "x", "packets": [[4, 4, 1]]}, "packets", "summing to 8"),
        ({"base": "ffb", "id": "x", "announces": "yes"}, "announces", "true or false"),
        ({"base": "ffb", "id": "x", "colour": "red"}, "colour", "unknown switch"),
        ({"base": "belote", "id": "x"}, "base", "unknown profile"),
        ({"base": "ffb"}, "id", "missing"),
        ({"base": "ffb", "id": "Bad Id!"}, "id", "lowercase"),
        ({"base": "ffb", "id": "ffb", "target": 10}, "id", "built-in"),
        ({"id": "x"}, "direction", "missing"),
        ({"base": "ffb", "id": "x", "max_bid": 50}, "max_bid", "min_bid"),
        ({"base": "ffb", "id": "x", "target": -5}, "target", "between"),
        ({"base": "ffb", "id": "x", "cut_min_packet": 20}, "cut_min_packet", "between"),
        ([], "profile", "object"),
    ],
)
def test_bad_documents_name_the_bad_switch(doc, switch, message):
    with pytest.raises(ProfileError, match=re.escape(switch) + ".*" + message) as info:
        load_profile(doc)
    assert info.value.switch == switch
