"""The gRPC schema: protos/ against the attrs classes, the generated code against protos/,
stable field numbering, and a lossless round trip of everything met in random games."""

from __future__ import annotations

import random
from typing import Any

import pytest
from islandgames_grpc import convert, protogen
from islandgames_grpc.schema import build_model

from islandgames import get_game
from islandgames.core import serde
from islandgames.core.errors import DecodeError

GAMES = ("friday", "forbidden-island", "not-alone", "gozer")
FIX = "run `python scripts/gen_protos.py` and commit protos/ and adapters/islandgames_grpc/_gen/"


def test_protos_are_up_to_date_with_the_attrs_classes() -> None:
    problems = protogen.proto_problems()
    assert not problems, f"protos/ is out of date with the Python types; {FIX}:\n" + "\n".join(
        problems
    )


def test_generated_python_is_up_to_date_with_the_protos() -> None:
    problems = protogen.python_problems()
    assert not problems, f"the generated code is out of date with protos/; {FIX}:\n" + "\n".join(
        problems
    )


def test_every_builtin_game_has_typed_messages() -> None:
    model = build_model()
    assert [g.game_id for g in model.games] == list(GAMES)
    for g in model.games:
        assert set(g.roots) == {"config", "state", "action", "view", "layout"}
    # unions become oneofs named by the wire tags
    action = model.messages["FridayAction"]
    assert action.kind == "union" and action.fields[0].name == "choose_hazard"


# --- numbering ---------------------------------------------------------------------------


def _numbers(text: str, message: str) -> dict[str, int]:
    return {k: n for k, (n, _t) in protogen.parse_numbering(text)[message].numbers.items()}


def test_field_numbers_survive_a_removed_and_an_added_field() -> None:
    model = build_model()
    first = protogen.render_protos(model)["friday"]
    fight = model.messages["FridayFight"]
    before = _numbers(first, "FridayFight")
    removed = fight.fields.pop(1)  # allowance
    fight.fields.insert(0, removed.__class__("brand_new", removed.node))
    second = protogen.render_protos(model, {"friday": first})["friday"]
    after = _numbers(second, "FridayFight")
    assert after["enemy"] == before["enemy"] and after["budget"] == before["budget"]
    assert "allowance" not in after
    assert after["brand_new"] == max(before.values()) + 1
    block = protogen.parse_numbering(second)["FridayFight"]
    assert before["allowance"] in block.reserved_numbers
    assert "allowance" in block.reserved_names
    # a third run keeps everything (reserved numbers are never given out again)
    fight.fields.append(removed.__class__("later", removed.node))
    third = protogen.render_protos(model, {"friday": second})["friday"]
    again = _numbers(third, "FridayFight")
    assert again["later"] == max(after.values()) + 1
    assert before["allowance"] not in again.values()


def test_a_field_whose_type_changes_gets_a_new_number() -> None:
    model = build_model()
    first = protogen.render_protos(model)["friday"]
    cfg = model.messages["FridayConfig"]
    old = cfg.fields[0]
    cfg.fields[0] = old.__class__(old.name, cfg.fields[1].node, has_default=True)
    second = protogen.render_protos(model, {"friday": first})["friday"]
    assert _numbers(second, "FridayConfig")["level"] == 3
    assert 1 in protogen.parse_numbering(second)["FridayConfig"].reserved_numbers


def test_enum_values_keep_their_numbers() -> None:
    model = build_model()
    first = protogen.render_protos(model)["gozer"]
    enum = model.enums["GozerGadget"]
    values = (*(v for v in enum.values if v != "key"), "laser")
    model.enums["GozerGadget"] = enum.__class__(enum.name, enum.file, values, enum.doc)
    second = protogen.render_protos(model, {"gozer": first})["gozer"]
    old, new = _numbers(first, "GozerGadget"), _numbers(second, "GozerGadget")
    assert new["GOZER_GADGET_PISTOL"] == old["GOZER_GADGET_PISTOL"]
    assert new["GOZER_GADGET_LASER"] == max(old.values()) + 1
    assert (
        old["GOZER_GADGET_KEY"] in protogen.parse_numbering(second)["GozerGadget"].reserved_numbers
    )


# --- round trips -----------------------------------------------------------------------------


def _round_trip(codec: convert.Codec, wire: Any) -> None:
    message = codec.to_pb(wire)
    parsed = type(message).FromString(message.SerializeToString())
    back = codec.to_wire(parsed)
    # equal, and byte for byte the same canonical msgpack (key order included)
    assert back == wire
    assert serde.packb(back) == serde.packb(wire)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_state_action_and_view_of_random_games_round_trips(game_id: str) -> None:
    game = get_game(game_id)
    codecs = convert.game_codecs(game_id)
    counts = {"state": 0, "view": 0, "action": 0}
    for seed in range(12):
        rng = random.Random(seed)
        state = game.new(seed)
        for _ in range(3000):
            wire = serde.to_wire(state)
            _round_trip(codecs.state, wire)
            assert game.decode_state(codecs.state.to_wire(codecs.state.to_pb(wire))) == state
            counts["state"] += 1
            for seat in (None, *game.seats(state)):
                _round_trip(codecs.view, serde.to_wire(game.view(state, seat)))
                counts["view"] += 1
            if game.outcome(state) is not None:
                break
            seat = rng.choice(game.to_act(state))
            legal = game.legal_actions(state, seat)
            for action in legal:
                _round_trip(codecs.action, game.encode_action(action))
                counts["action"] += 1
            state = game.apply(state, seat, rng.choice(legal))
        assert game.outcome(state) is not None, "a random game did not end"
    assert min(counts.values()) > 50, counts


@pytest.mark.parametrize("game_id", GAMES)
def test_configs_round_trip_and_partial_configs_take_defaults(game_id: str) -> None:
    game = get_game(game_id)
    codecs = convert.game_codecs(game_id)
    default = serde.to_wire(game.info.default_config)
    _round_trip(codecs.config, default)
    empty = codecs.config.pb()  # every field unset: the engine fills in the defaults
    assert game.decode_config(codecs.config.to_wire(empty)) == game.info.default_config


def test_a_malformed_message_is_a_decode_error() -> None:
    codecs = convert.game_codecs("not-alone")
    with pytest.raises(DecodeError, match="no action is set"):
        codecs.action.to_wire(codecs.action.pb())
    token = codecs.action.to_pb({"type": "place_token", "token": "creature", "places": [1]})
    token.place_token.token = 99  # an enum number the schema does not have
    with pytest.raises(DecodeError, match="not a NotAloneToken value"):
        codecs.action.to_wire(token)
    # a value of another game is refused by the envelope conversion
    friday = convert.pb_class("GameAction")(friday={"draw_free": {}})
    with pytest.raises(DecodeError, match="a friday value for a gozer match"):
        convert.game_value_wire(friday, "action", "gozer", "action")
    assert convert.game_value_wire(friday, "action", None, "action") == {"type": "draw_free"}


def test_games_without_typed_messages_travel_as_msgpack() -> None:
    kw = convert.game_value_kw("toy-bids", "action", {"type": "bid", "amount": 3})
    message = convert.pb_class("GameAction")(**kw)
    assert message.WhichOneof("game") == "msgpack"
    assert convert.game_value_wire(message, "action", "toy-bids", "action") == {
        "type": "bid",
        "amount": 3,
    }
    with pytest.raises(DecodeError, match="has typed messages"):
        convert.game_value_wire(message, "action", "friday", "action")
