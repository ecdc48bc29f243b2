"""The envelope (requests and results) is declared once, in :mod:`islandgames.service.envelope`
and :mod:`islandgames.service.results`; ``match_service.proto`` is generated from it. These
tests hold the generated service to the one every existing client was built against, and
the generator to its numbering rules."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from google.protobuf import descriptor_pb2
from islandgames_grpc import protogen
from islandgames_grpc._gen import match_service_pb2 as pb
from islandgames_grpc.envelope import from_pb, to_pb

from islandgames.service import envelope, results
from islandgames.service.wiretypes import message_spec, to_wire

GOLDEN = Path(__file__).resolve().parent.parent / "golden" / "match_service_descriptor.bin"
PROTO = protogen.PROTO_DIR / "match_service.proto"


def _golden() -> descriptor_pb2.FileDescriptorProto:
    proto = descriptor_pb2.FileDescriptorProto()
    proto.ParseFromString(GOLDEN.read_bytes())
    return proto


def _current() -> descriptor_pb2.FileDescriptorProto:
    proto = descriptor_pb2.FileDescriptorProto()
    pb.DESCRIPTOR.CopyToProto(proto)
    return proto


def _fields(proto: descriptor_pb2.FileDescriptorProto) -> dict[tuple[str, str], tuple[Any, ...]]:
    """(message, field) -> (number, type, type name, label, oneof, proto3 optional)."""
    out = {}
    for m in proto.message_type:
        for f in m.field:
            oneof = m.oneof_decl[f.oneof_index].name if f.HasField("oneof_index") else None
            out[(m.name, f.name)] = (
                f.number,
                f.type,
                f.type_name,
                f.label,
                oneof,
                f.proto3_optional,
            )
    return out


def test_every_field_of_the_hand_written_service_is_still_there_unchanged() -> None:
    """The golden descriptor is the compiled ``match_service.proto`` as it was written by
    hand before the envelope was declared; every client was built against it."""
    old, new = _golden(), _current()
    old_fields, new_fields = _fields(old), _fields(new)
    assert len(old_fields) > 150  # the descriptor parsed (not an empty file)
    changed = {k: (v, new_fields.get(k)) for k, v in old_fields.items() if new_fields.get(k) != v}
    assert not changed, f"fields renumbered, retyped or removed: {changed}"
    old_enums = {(e.name, v.name): v.number for e in old.enum_type for v in e.value}
    new_enums = {(e.name, v.name): v.number for e in new.enum_type for v in e.value}
    assert old_enums.items() <= new_enums.items()
    old_rpcs = {
        m.name: (m.input_type, m.output_type, m.server_streaming) for m in old.service[0].method
    }
    new_rpcs = {
        m.name: (m.input_type, m.output_type, m.server_streaming) for m in new.service[0].method
    }
    assert old_rpcs.items() <= new_rpcs.items()
    for m in old.message_type:
        (now,) = [n for n in new.message_type if n.name == m.name]
        assert set(m.reserved_name) <= set(now.reserved_name), m.name
        old_ranges = {(r.start, r.end) for r in m.reserved_range}
        assert old_ranges <= {(r.start, r.end) for r in now.reserved_range}, m.name


def test_the_golden_check_goes_red_on_a_renumbered_field() -> None:
    proto = _current()
    (act,) = [m for m in proto.message_type if m.name == "ActResponse"]
    act.field[1].number = 20
    assert _fields(proto) != _fields(_golden())


def test_the_generator_refuses_to_renumber_or_drop_a_field() -> None:
    text = PROTO.read_text(encoding="utf-8")
    assert protogen.render_service(text) == (text, [])
    # the committed file said seq = 20: the envelope's 2 is a renumbering
    moved = text.replace(
        "  int64 seq = 2;\n  int64 seat = 3;", "  int64 seq = 20;\n  int64 seat = 3;", 1
    )
    assert moved != text
    _, problems = protogen.render_service(moved)
    assert any("ActResponse.seq was 20, is 2" in p for p in problems), problems
    # a field the envelope no longer declares must be reserved, number and name
    gone = text.replace("message EchoRequest {\n", "message EchoRequest {\n  string old = 9;\n", 1)
    assert gone != text
    _, problems = protogen.render_service(gone)
    assert problems == ["EchoRequest.old = 9 was removed: reserve its number and name"]


def test_the_check_command_reports_an_edited_service_proto(tmp_path: Path) -> None:
    for p in protogen.PROTO_DIR.glob("*.proto"):
        (tmp_path / p.name).write_text(p.read_text(encoding="utf-8"), encoding="utf-8")
    assert protogen.proto_problems(tmp_path) == []
    edited = tmp_path / "match_service.proto"
    edited.write_text(edited.read_text(encoding="utf-8") + "// by hand\n", encoding="utf-8")
    problems = protogen.proto_problems(tmp_path)
    assert problems and "match_service.proto" in problems[0]


def test_every_rpc_has_its_declared_request_and_response() -> None:
    service = pb.DESCRIPTOR.services_by_name["MatchService"]
    rpcs = {op.rpc for op in envelope.OPERATIONS if op.rpc}
    assert rpcs == {m.name for m in service.methods}
    for op in envelope.OPERATIONS:
        if op.rpc is None:
            continue
        assert op.request is not None and op.response is not None
        method = service.methods_by_name[op.rpc]
        assert method.input_type.name == message_spec(op.request).name
        assert method.output_type.name == message_spec(op.response).name


SAMPLES: list[Any] = [
    results.SeatToken(1, "tok", "pilot"),
    results.SeatInfo(2, "diver", "heuristic"),
    results.SeatInfo(0, "diver"),
    envelope.AiSeat(1, "random"),
    envelope.EchoRequest(b"\x00\xff"),
    envelope.GetStatusRequest("tok"),
]


@pytest.mark.parametrize("value", SAMPLES, ids=lambda v: type(v).__name__)
def test_plain_values_round_trip_through_protobuf(value: Any) -> None:
    msg = to_pb(value, None)
    parsed = type(msg).FromString(msg.SerializeToString())
    back = from_pb(type(value), parsed, None)
    assert back == value
    assert to_wire(back) == to_wire(value)


# --- both clients from one definition -------------------------------------------------


def _client_methods() -> list[str]:
    """The client method of every gRPC operation (Watch is transport-specific)."""
    return [op.method for op in envelope.OPERATIONS if op.rpc and not op.streaming if op.method]


def test_both_clients_have_every_operation_with_one_signature() -> None:
    import inspect

    from islandgames_grpc.client import AsyncClient, Client

    from islandgames.service import MatchClient

    sync, async_ = Client("127.0.0.1:1"), AsyncClient.__new__(AsyncClient)
    try:
        for name in _client_methods():
            s, a = getattr(sync, name), getattr(async_, name)
            assert inspect.signature(s) == inspect.signature(a), name
            assert "self" not in inspect.signature(s).parameters, name
            assert not inspect.iscoroutinefunction(s), name
            assert inspect.iscoroutinefunction(a), name
            assert s.__doc__ and s.__doc__ == a.__doc__, name
            # the parameters of the protocol every client keeps (echo is gRPC's own)
            if hasattr(MatchClient, name):
                local = inspect.signature(getattr(MatchClient, name))
                assert list(inspect.signature(s).parameters) == list(local.parameters)[1:], name
    finally:
        sync.close()


def test_a_client_operation_runs_its_calls_in_order() -> None:
    """The generator protocol the two clients drive: act asks the token's game once
    (GetStatus), then sends Act; the second act skips the status call."""
    from islandgames_grpc.client import Client

    from islandgames.service import LocalClient, MatchService

    local = LocalClient(MatchService())
    created = local.create("friday", seed=3)
    token = created.seats[0].token
    client = Client("127.0.0.1:1")
    calls: list[str] = []
    servicer_calls = {
        "GetStatus": lambda req: to_pb(local.status(req.token), "friday"),
        "ListLegalActions": lambda req: to_pb(local.legal_actions(req.token), "friday"),
        "Act": lambda req: to_pb(act(from_pb(envelope.ActRequest, req, "friday")), "friday"),
    }

    def act(req: envelope.ActRequest) -> results.ActResult:
        assert req.action is not None
        return local.act(req.token, req.action, req.expected_seq)

    def fake(name: str, request: Any) -> Any:
        calls.append(name)
        return servicer_calls[name](request)

    client._call = fake  # type: ignore[method-assign]
    try:
        legal = client.legal_actions(token)
        first = client.act(token, legal.actions[0], legal.seq)
        assert calls == ["ListLegalActions", "GetStatus", "Act"]
        legal = client.legal_actions(token)
        second = client.act(token, legal.actions[0])
        assert calls[3:] == ["ListLegalActions", "Act"]
        assert (first.seq, second.seq) == (1, 2) == (1, local.status(token).seq)
        assert second.view == local.view(token).view
    finally:
        client.close()
