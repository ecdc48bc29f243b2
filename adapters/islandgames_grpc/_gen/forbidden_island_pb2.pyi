from . import common_pb2 as _common_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class ForbiddenIslandDifficulty(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    FORBIDDEN_ISLAND_DIFFICULTY_UNSPECIFIED: _ClassVar[ForbiddenIslandDifficulty]
    FORBIDDEN_ISLAND_DIFFICULTY_NOVICE: _ClassVar[ForbiddenIslandDifficulty]
    FORBIDDEN_ISLAND_DIFFICULTY_NORMAL: _ClassVar[ForbiddenIslandDifficulty]
    FORBIDDEN_ISLAND_DIFFICULTY_ELITE: _ClassVar[ForbiddenIslandDifficulty]
    FORBIDDEN_ISLAND_DIFFICULTY_LEGENDARY: _ClassVar[ForbiddenIslandDifficulty]

class ForbiddenIslandTileStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    FORBIDDEN_ISLAND_TILE_STATUS_UNSPECIFIED: _ClassVar[ForbiddenIslandTileStatus]
    FORBIDDEN_ISLAND_TILE_STATUS_DRY: _ClassVar[ForbiddenIslandTileStatus]
    FORBIDDEN_ISLAND_TILE_STATUS_FLOODED: _ClassVar[ForbiddenIslandTileStatus]
    FORBIDDEN_ISLAND_TILE_STATUS_SUNK: _ClassVar[ForbiddenIslandTileStatus]

class ForbiddenIslandPhase(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    FORBIDDEN_ISLAND_PHASE_UNSPECIFIED: _ClassVar[ForbiddenIslandPhase]
    FORBIDDEN_ISLAND_PHASE_ACTIONS: _ClassVar[ForbiddenIslandPhase]
    FORBIDDEN_ISLAND_PHASE_TREASURE: _ClassVar[ForbiddenIslandPhase]
    FORBIDDEN_ISLAND_PHASE_FLOOD: _ClassVar[ForbiddenIslandPhase]

class ForbiddenIslandCardKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    FORBIDDEN_ISLAND_CARD_KIND_UNSPECIFIED: _ClassVar[ForbiddenIslandCardKind]
    FORBIDDEN_ISLAND_CARD_KIND_TREASURE: _ClassVar[ForbiddenIslandCardKind]
    FORBIDDEN_ISLAND_CARD_KIND_SPECIAL: _ClassVar[ForbiddenIslandCardKind]
    FORBIDDEN_ISLAND_CARD_KIND_WATERS_RISE: _ClassVar[ForbiddenIslandCardKind]
FORBIDDEN_ISLAND_DIFFICULTY_UNSPECIFIED: ForbiddenIslandDifficulty
FORBIDDEN_ISLAND_DIFFICULTY_NOVICE: ForbiddenIslandDifficulty
FORBIDDEN_ISLAND_DIFFICULTY_NORMAL: ForbiddenIslandDifficulty
FORBIDDEN_ISLAND_DIFFICULTY_ELITE: ForbiddenIslandDifficulty
FORBIDDEN_ISLAND_DIFFICULTY_LEGENDARY: ForbiddenIslandDifficulty
FORBIDDEN_ISLAND_TILE_STATUS_UNSPECIFIED: ForbiddenIslandTileStatus
FORBIDDEN_ISLAND_TILE_STATUS_DRY: ForbiddenIslandTileStatus
FORBIDDEN_ISLAND_TILE_STATUS_FLOODED: ForbiddenIslandTileStatus
FORBIDDEN_ISLAND_TILE_STATUS_SUNK: ForbiddenIslandTileStatus
FORBIDDEN_ISLAND_PHASE_UNSPECIFIED: ForbiddenIslandPhase
FORBIDDEN_ISLAND_PHASE_ACTIONS: ForbiddenIslandPhase
FORBIDDEN_ISLAND_PHASE_TREASURE: ForbiddenIslandPhase
FORBIDDEN_ISLAND_PHASE_FLOOD: ForbiddenIslandPhase
FORBIDDEN_ISLAND_CARD_KIND_UNSPECIFIED: ForbiddenIslandCardKind
FORBIDDEN_ISLAND_CARD_KIND_TREASURE: ForbiddenIslandCardKind
FORBIDDEN_ISLAND_CARD_KIND_SPECIAL: ForbiddenIslandCardKind
FORBIDDEN_ISLAND_CARD_KIND_WATERS_RISE: ForbiddenIslandCardKind

class ForbiddenIslandConfig(_message.Message):
    __slots__ = ("players", "difficulty", "adventurers", "first_player", "layout")
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    DIFFICULTY_FIELD_NUMBER: _ClassVar[int]
    ADVENTURERS_FIELD_NUMBER: _ClassVar[int]
    FIRST_PLAYER_FIELD_NUMBER: _ClassVar[int]
    LAYOUT_FIELD_NUMBER: _ClassVar[int]
    players: int
    difficulty: ForbiddenIslandDifficulty
    adventurers: _containers.RepeatedScalarFieldContainer[str]
    first_player: int
    layout: str
    def __init__(self, players: _Optional[int] = ..., difficulty: _Optional[_Union[ForbiddenIslandDifficulty, str]] = ..., adventurers: _Optional[_Iterable[str]] = ..., first_player: _Optional[int] = ..., layout: _Optional[str] = ...) -> None: ...

class ForbiddenIslandState(_message.Message):
    __slots__ = ("adventurers", "layout", "board", "tiles", "pawns", "hands", "water_level", "captured", "treasure_deck", "treasure_discard", "flood_deck", "flood_segments", "flood_discard", "active", "phase", "actions_left", "draws_left", "pilot_flown", "swimmers", "declined", "lift", "ended", "rng")
    ADVENTURERS_FIELD_NUMBER: _ClassVar[int]
    LAYOUT_FIELD_NUMBER: _ClassVar[int]
    BOARD_FIELD_NUMBER: _ClassVar[int]
    TILES_FIELD_NUMBER: _ClassVar[int]
    PAWNS_FIELD_NUMBER: _ClassVar[int]
    HANDS_FIELD_NUMBER: _ClassVar[int]
    WATER_LEVEL_FIELD_NUMBER: _ClassVar[int]
    CAPTURED_FIELD_NUMBER: _ClassVar[int]
    TREASURE_DECK_FIELD_NUMBER: _ClassVar[int]
    TREASURE_DISCARD_FIELD_NUMBER: _ClassVar[int]
    FLOOD_DECK_FIELD_NUMBER: _ClassVar[int]
    FLOOD_SEGMENTS_FIELD_NUMBER: _ClassVar[int]
    FLOOD_DISCARD_FIELD_NUMBER: _ClassVar[int]
    ACTIVE_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    ACTIONS_LEFT_FIELD_NUMBER: _ClassVar[int]
    DRAWS_LEFT_FIELD_NUMBER: _ClassVar[int]
    PILOT_FLOWN_FIELD_NUMBER: _ClassVar[int]
    SWIMMERS_FIELD_NUMBER: _ClassVar[int]
    DECLINED_FIELD_NUMBER: _ClassVar[int]
    LIFT_FIELD_NUMBER: _ClassVar[int]
    ENDED_FIELD_NUMBER: _ClassVar[int]
    RNG_FIELD_NUMBER: _ClassVar[int]
    adventurers: _containers.RepeatedScalarFieldContainer[str]
    layout: str
    board: _containers.RepeatedScalarFieldContainer[str]
    tiles: _containers.RepeatedScalarFieldContainer[ForbiddenIslandTileStatus]
    pawns: _containers.RepeatedScalarFieldContainer[str]
    hands: _containers.RepeatedCompositeFieldContainer[_common_pb2.StringList]
    water_level: int
    captured: _containers.RepeatedScalarFieldContainer[str]
    treasure_deck: _containers.RepeatedScalarFieldContainer[str]
    treasure_discard: _containers.RepeatedScalarFieldContainer[str]
    flood_deck: _containers.RepeatedScalarFieldContainer[str]
    flood_segments: _containers.RepeatedScalarFieldContainer[int]
    flood_discard: _containers.RepeatedScalarFieldContainer[str]
    active: int
    phase: ForbiddenIslandPhase
    actions_left: int
    draws_left: int
    pilot_flown: bool
    swimmers: _containers.RepeatedScalarFieldContainer[int]
    declined: _containers.RepeatedScalarFieldContainer[int]
    lift: ForbiddenIslandLift
    ended: _containers.RepeatedScalarFieldContainer[str]
    rng: _common_pb2.Rng
    def __init__(self, adventurers: _Optional[_Iterable[str]] = ..., layout: _Optional[str] = ..., board: _Optional[_Iterable[str]] = ..., tiles: _Optional[_Iterable[_Union[ForbiddenIslandTileStatus, str]]] = ..., pawns: _Optional[_Iterable[str]] = ..., hands: _Optional[_Iterable[_Union[_common_pb2.StringList, _Mapping]]] = ..., water_level: _Optional[int] = ..., captured: _Optional[_Iterable[str]] = ..., treasure_deck: _Optional[_Iterable[str]] = ..., treasure_discard: _Optional[_Iterable[str]] = ..., flood_deck: _Optional[_Iterable[str]] = ..., flood_segments: _Optional[_Iterable[int]] = ..., flood_discard: _Optional[_Iterable[str]] = ..., active: _Optional[int] = ..., phase: _Optional[_Union[ForbiddenIslandPhase, str]] = ..., actions_left: _Optional[int] = ..., draws_left: _Optional[int] = ..., pilot_flown: _Optional[bool] = ..., swimmers: _Optional[_Iterable[int]] = ..., declined: _Optional[_Iterable[int]] = ..., lift: _Optional[_Union[ForbiddenIslandLift, _Mapping]] = ..., ended: _Optional[_Iterable[str]] = ..., rng: _Optional[_Union[_common_pb2.Rng, _Mapping]] = ...) -> None: ...

class ForbiddenIslandLift(_message.Message):
    __slots__ = ("holder", "pawns")
    HOLDER_FIELD_NUMBER: _ClassVar[int]
    PAWNS_FIELD_NUMBER: _ClassVar[int]
    holder: int
    pawns: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, holder: _Optional[int] = ..., pawns: _Optional[_Iterable[int]] = ...) -> None: ...

class ForbiddenIslandAction(_message.Message):
    __slots__ = ("move", "fly", "navigate", "shore_up", "give", "capture", "end_actions", "draw_treasure", "draw_flood", "discard", "swim", "decline_rescue", "sandbags", "helicopter_lift", "lift_also", "lift_to", "lift_off")
    MOVE_FIELD_NUMBER: _ClassVar[int]
    FLY_FIELD_NUMBER: _ClassVar[int]
    NAVIGATE_FIELD_NUMBER: _ClassVar[int]
    SHORE_UP_FIELD_NUMBER: _ClassVar[int]
    GIVE_FIELD_NUMBER: _ClassVar[int]
    CAPTURE_FIELD_NUMBER: _ClassVar[int]
    END_ACTIONS_FIELD_NUMBER: _ClassVar[int]
    DRAW_TREASURE_FIELD_NUMBER: _ClassVar[int]
    DRAW_FLOOD_FIELD_NUMBER: _ClassVar[int]
    DISCARD_FIELD_NUMBER: _ClassVar[int]
    SWIM_FIELD_NUMBER: _ClassVar[int]
    DECLINE_RESCUE_FIELD_NUMBER: _ClassVar[int]
    SANDBAGS_FIELD_NUMBER: _ClassVar[int]
    HELICOPTER_LIFT_FIELD_NUMBER: _ClassVar[int]
    LIFT_ALSO_FIELD_NUMBER: _ClassVar[int]
    LIFT_TO_FIELD_NUMBER: _ClassVar[int]
    LIFT_OFF_FIELD_NUMBER: _ClassVar[int]
    move: ForbiddenIslandMove
    fly: ForbiddenIslandFly
    navigate: ForbiddenIslandNavigate
    shore_up: ForbiddenIslandShoreUp
    give: ForbiddenIslandGive
    capture: ForbiddenIslandCapture
    end_actions: ForbiddenIslandEndActions
    draw_treasure: ForbiddenIslandDrawTreasure
    draw_flood: ForbiddenIslandDrawFlood
    discard: ForbiddenIslandDiscard
    swim: ForbiddenIslandSwim
    decline_rescue: ForbiddenIslandDeclineRescue
    sandbags: ForbiddenIslandSandbags
    helicopter_lift: ForbiddenIslandHelicopterLift
    lift_also: ForbiddenIslandLiftAlso
    lift_to: ForbiddenIslandLiftTo
    lift_off: ForbiddenIslandLiftOff
    def __init__(self, move: _Optional[_Union[ForbiddenIslandMove, _Mapping]] = ..., fly: _Optional[_Union[ForbiddenIslandFly, _Mapping]] = ..., navigate: _Optional[_Union[ForbiddenIslandNavigate, _Mapping]] = ..., shore_up: _Optional[_Union[ForbiddenIslandShoreUp, _Mapping]] = ..., give: _Optional[_Union[ForbiddenIslandGive, _Mapping]] = ..., capture: _Optional[_Union[ForbiddenIslandCapture, _Mapping]] = ..., end_actions: _Optional[_Union[ForbiddenIslandEndActions, _Mapping]] = ..., draw_treasure: _Optional[_Union[ForbiddenIslandDrawTreasure, _Mapping]] = ..., draw_flood: _Optional[_Union[ForbiddenIslandDrawFlood, _Mapping]] = ..., discard: _Optional[_Union[ForbiddenIslandDiscard, _Mapping]] = ..., swim: _Optional[_Union[ForbiddenIslandSwim, _Mapping]] = ..., decline_rescue: _Optional[_Union[ForbiddenIslandDeclineRescue, _Mapping]] = ..., sandbags: _Optional[_Union[ForbiddenIslandSandbags, _Mapping]] = ..., helicopter_lift: _Optional[_Union[ForbiddenIslandHelicopterLift, _Mapping]] = ..., lift_also: _Optional[_Union[ForbiddenIslandLiftAlso, _Mapping]] = ..., lift_to: _Optional[_Union[ForbiddenIslandLiftTo, _Mapping]] = ..., lift_off: _Optional[_Union[ForbiddenIslandLiftOff, _Mapping]] = ...) -> None: ...

class ForbiddenIslandMove(_message.Message):
    __slots__ = ("to",)
    TO_FIELD_NUMBER: _ClassVar[int]
    to: str
    def __init__(self, to: _Optional[str] = ...) -> None: ...

class ForbiddenIslandFly(_message.Message):
    __slots__ = ("to",)
    TO_FIELD_NUMBER: _ClassVar[int]
    to: str
    def __init__(self, to: _Optional[str] = ...) -> None: ...

class ForbiddenIslandNavigate(_message.Message):
    __slots__ = ("pawn", "to")
    PAWN_FIELD_NUMBER: _ClassVar[int]
    TO_FIELD_NUMBER: _ClassVar[int]
    pawn: int
    to: str
    def __init__(self, pawn: _Optional[int] = ..., to: _Optional[str] = ...) -> None: ...

class ForbiddenIslandShoreUp(_message.Message):
    __slots__ = ("tile", "also")
    TILE_FIELD_NUMBER: _ClassVar[int]
    ALSO_FIELD_NUMBER: _ClassVar[int]
    tile: str
    also: str
    def __init__(self, tile: _Optional[str] = ..., also: _Optional[str] = ...) -> None: ...

class ForbiddenIslandGive(_message.Message):
    __slots__ = ("card", "to")
    CARD_FIELD_NUMBER: _ClassVar[int]
    TO_FIELD_NUMBER: _ClassVar[int]
    card: str
    to: int
    def __init__(self, card: _Optional[str] = ..., to: _Optional[int] = ...) -> None: ...

class ForbiddenIslandCapture(_message.Message):
    __slots__ = ("treasure",)
    TREASURE_FIELD_NUMBER: _ClassVar[int]
    treasure: str
    def __init__(self, treasure: _Optional[str] = ...) -> None: ...

class ForbiddenIslandEndActions(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ForbiddenIslandDrawTreasure(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ForbiddenIslandDrawFlood(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ForbiddenIslandDiscard(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: str
    def __init__(self, card: _Optional[str] = ...) -> None: ...

class ForbiddenIslandSwim(_message.Message):
    __slots__ = ("to",)
    TO_FIELD_NUMBER: _ClassVar[int]
    to: str
    def __init__(self, to: _Optional[str] = ...) -> None: ...

class ForbiddenIslandDeclineRescue(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ForbiddenIslandSandbags(_message.Message):
    __slots__ = ("tile",)
    TILE_FIELD_NUMBER: _ClassVar[int]
    tile: str
    def __init__(self, tile: _Optional[str] = ...) -> None: ...

class ForbiddenIslandHelicopterLift(_message.Message):
    __slots__ = ("pawn",)
    PAWN_FIELD_NUMBER: _ClassVar[int]
    pawn: int
    def __init__(self, pawn: _Optional[int] = ...) -> None: ...

class ForbiddenIslandLiftAlso(_message.Message):
    __slots__ = ("pawn",)
    PAWN_FIELD_NUMBER: _ClassVar[int]
    pawn: int
    def __init__(self, pawn: _Optional[int] = ...) -> None: ...

class ForbiddenIslandLiftTo(_message.Message):
    __slots__ = ("to",)
    TO_FIELD_NUMBER: _ClassVar[int]
    to: str
    def __init__(self, to: _Optional[str] = ...) -> None: ...

class ForbiddenIslandLiftOff(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ForbiddenIslandView(_message.Message):
    __slots__ = ("seat", "adventurers", "layout", "board", "tiles", "pawns", "hands", "water_level", "flood_draws", "captured", "treasure_deck_size", "treasure_discard", "flood_deck", "flood_discard", "active", "phase", "actions_left", "draws_left", "pilot_flown", "swimmers", "declined", "lift", "to_act", "ended")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    ADVENTURERS_FIELD_NUMBER: _ClassVar[int]
    LAYOUT_FIELD_NUMBER: _ClassVar[int]
    BOARD_FIELD_NUMBER: _ClassVar[int]
    TILES_FIELD_NUMBER: _ClassVar[int]
    PAWNS_FIELD_NUMBER: _ClassVar[int]
    HANDS_FIELD_NUMBER: _ClassVar[int]
    WATER_LEVEL_FIELD_NUMBER: _ClassVar[int]
    FLOOD_DRAWS_FIELD_NUMBER: _ClassVar[int]
    CAPTURED_FIELD_NUMBER: _ClassVar[int]
    TREASURE_DECK_SIZE_FIELD_NUMBER: _ClassVar[int]
    TREASURE_DISCARD_FIELD_NUMBER: _ClassVar[int]
    FLOOD_DECK_FIELD_NUMBER: _ClassVar[int]
    FLOOD_DISCARD_FIELD_NUMBER: _ClassVar[int]
    ACTIVE_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    ACTIONS_LEFT_FIELD_NUMBER: _ClassVar[int]
    DRAWS_LEFT_FIELD_NUMBER: _ClassVar[int]
    PILOT_FLOWN_FIELD_NUMBER: _ClassVar[int]
    SWIMMERS_FIELD_NUMBER: _ClassVar[int]
    DECLINED_FIELD_NUMBER: _ClassVar[int]
    LIFT_FIELD_NUMBER: _ClassVar[int]
    TO_ACT_FIELD_NUMBER: _ClassVar[int]
    ENDED_FIELD_NUMBER: _ClassVar[int]
    seat: int
    adventurers: _containers.RepeatedScalarFieldContainer[str]
    layout: str
    board: _containers.RepeatedScalarFieldContainer[str]
    tiles: _containers.RepeatedScalarFieldContainer[ForbiddenIslandTileStatus]
    pawns: _containers.RepeatedScalarFieldContainer[str]
    hands: _containers.RepeatedCompositeFieldContainer[_common_pb2.StringList]
    water_level: int
    flood_draws: int
    captured: _containers.RepeatedScalarFieldContainer[str]
    treasure_deck_size: int
    treasure_discard: _containers.RepeatedScalarFieldContainer[str]
    flood_deck: _containers.RepeatedCompositeFieldContainer[_common_pb2.StringList]
    flood_discard: _containers.RepeatedScalarFieldContainer[str]
    active: int
    phase: ForbiddenIslandPhase
    actions_left: int
    draws_left: int
    pilot_flown: bool
    swimmers: _containers.RepeatedScalarFieldContainer[int]
    declined: _containers.RepeatedScalarFieldContainer[int]
    lift: ForbiddenIslandLift
    to_act: _containers.RepeatedScalarFieldContainer[int]
    ended: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, seat: _Optional[int] = ..., adventurers: _Optional[_Iterable[str]] = ..., layout: _Optional[str] = ..., board: _Optional[_Iterable[str]] = ..., tiles: _Optional[_Iterable[_Union[ForbiddenIslandTileStatus, str]]] = ..., pawns: _Optional[_Iterable[str]] = ..., hands: _Optional[_Iterable[_Union[_common_pb2.StringList, _Mapping]]] = ..., water_level: _Optional[int] = ..., flood_draws: _Optional[int] = ..., captured: _Optional[_Iterable[str]] = ..., treasure_deck_size: _Optional[int] = ..., treasure_discard: _Optional[_Iterable[str]] = ..., flood_deck: _Optional[_Iterable[_Union[_common_pb2.StringList, _Mapping]]] = ..., flood_discard: _Optional[_Iterable[str]] = ..., active: _Optional[int] = ..., phase: _Optional[_Union[ForbiddenIslandPhase, str]] = ..., actions_left: _Optional[int] = ..., draws_left: _Optional[int] = ..., pilot_flown: _Optional[bool] = ..., swimmers: _Optional[_Iterable[int]] = ..., declined: _Optional[_Iterable[int]] = ..., lift: _Optional[_Union[ForbiddenIslandLift, _Mapping]] = ..., to_act: _Optional[_Iterable[int]] = ..., ended: _Optional[_Iterable[str]] = ...) -> None: ...

class ForbiddenIslandLayout(_message.Message):
    __slots__ = ("columns", "rows", "layouts", "tiles", "treasures", "adventurers", "cards", "flood_draws", "skull_level", "water_starts", "layout", "island")
    COLUMNS_FIELD_NUMBER: _ClassVar[int]
    ROWS_FIELD_NUMBER: _ClassVar[int]
    LAYOUTS_FIELD_NUMBER: _ClassVar[int]
    TILES_FIELD_NUMBER: _ClassVar[int]
    TREASURES_FIELD_NUMBER: _ClassVar[int]
    ADVENTURERS_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    FLOOD_DRAWS_FIELD_NUMBER: _ClassVar[int]
    SKULL_LEVEL_FIELD_NUMBER: _ClassVar[int]
    WATER_STARTS_FIELD_NUMBER: _ClassVar[int]
    LAYOUT_FIELD_NUMBER: _ClassVar[int]
    ISLAND_FIELD_NUMBER: _ClassVar[int]
    columns: int
    rows: int
    layouts: _containers.RepeatedCompositeFieldContainer[ForbiddenIslandShape]
    tiles: _containers.RepeatedCompositeFieldContainer[ForbiddenIslandTile]
    treasures: _containers.RepeatedCompositeFieldContainer[ForbiddenIslandTreasure]
    adventurers: _containers.RepeatedCompositeFieldContainer[ForbiddenIslandAdventurer]
    cards: _containers.RepeatedCompositeFieldContainer[ForbiddenIslandCard]
    flood_draws: _containers.RepeatedScalarFieldContainer[int]
    skull_level: int
    water_starts: _containers.RepeatedCompositeFieldContainer[ForbiddenIslandWaterStart]
    layout: str
    island: _containers.RepeatedCompositeFieldContainer[ForbiddenIslandPlacedTile]
    def __init__(self, columns: _Optional[int] = ..., rows: _Optional[int] = ..., layouts: _Optional[_Iterable[_Union[ForbiddenIslandShape, _Mapping]]] = ..., tiles: _Optional[_Iterable[_Union[ForbiddenIslandTile, _Mapping]]] = ..., treasures: _Optional[_Iterable[_Union[ForbiddenIslandTreasure, _Mapping]]] = ..., adventurers: _Optional[_Iterable[_Union[ForbiddenIslandAdventurer, _Mapping]]] = ..., cards: _Optional[_Iterable[_Union[ForbiddenIslandCard, _Mapping]]] = ..., flood_draws: _Optional[_Iterable[int]] = ..., skull_level: _Optional[int] = ..., water_starts: _Optional[_Iterable[_Union[ForbiddenIslandWaterStart, _Mapping]]] = ..., layout: _Optional[str] = ..., island: _Optional[_Iterable[_Union[ForbiddenIslandPlacedTile, _Mapping]]] = ...) -> None: ...

class ForbiddenIslandShape(_message.Message):
    __slots__ = ("id", "name", "cells")
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    CELLS_FIELD_NUMBER: _ClassVar[int]
    id: str
    name: str
    cells: _containers.RepeatedCompositeFieldContainer[ForbiddenIslandCell]
    def __init__(self, id: _Optional[str] = ..., name: _Optional[str] = ..., cells: _Optional[_Iterable[_Union[ForbiddenIslandCell, _Mapping]]] = ...) -> None: ...

class ForbiddenIslandCell(_message.Message):
    __slots__ = ("x", "y")
    X_FIELD_NUMBER: _ClassVar[int]
    Y_FIELD_NUMBER: _ClassVar[int]
    x: int
    y: int
    def __init__(self, x: _Optional[int] = ..., y: _Optional[int] = ...) -> None: ...

class ForbiddenIslandTile(_message.Message):
    __slots__ = ("id", "name", "treasure", "start_of")
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    TREASURE_FIELD_NUMBER: _ClassVar[int]
    START_OF_FIELD_NUMBER: _ClassVar[int]
    id: str
    name: str
    treasure: str
    start_of: str
    def __init__(self, id: _Optional[str] = ..., name: _Optional[str] = ..., treasure: _Optional[str] = ..., start_of: _Optional[str] = ...) -> None: ...

class ForbiddenIslandTreasure(_message.Message):
    __slots__ = ("id", "name", "pickup")
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    PICKUP_FIELD_NUMBER: _ClassVar[int]
    id: str
    name: str
    pickup: _common_pb2.StringList
    def __init__(self, id: _Optional[str] = ..., name: _Optional[str] = ..., pickup: _Optional[_Union[_common_pb2.StringList, _Mapping]] = ...) -> None: ...

class ForbiddenIslandAdventurer(_message.Message):
    __slots__ = ("id", "name", "colour", "start", "ability")
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    COLOUR_FIELD_NUMBER: _ClassVar[int]
    START_FIELD_NUMBER: _ClassVar[int]
    ABILITY_FIELD_NUMBER: _ClassVar[int]
    id: str
    name: str
    colour: str
    start: str
    ability: str
    def __init__(self, id: _Optional[str] = ..., name: _Optional[str] = ..., colour: _Optional[str] = ..., start: _Optional[str] = ..., ability: _Optional[str] = ...) -> None: ...

class ForbiddenIslandCard(_message.Message):
    __slots__ = ("id", "name", "kind", "copies")
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    COPIES_FIELD_NUMBER: _ClassVar[int]
    id: str
    name: str
    kind: ForbiddenIslandCardKind
    copies: int
    def __init__(self, id: _Optional[str] = ..., name: _Optional[str] = ..., kind: _Optional[_Union[ForbiddenIslandCardKind, str]] = ..., copies: _Optional[int] = ...) -> None: ...

class ForbiddenIslandWaterStart(_message.Message):
    __slots__ = ("difficulty", "water_level")
    DIFFICULTY_FIELD_NUMBER: _ClassVar[int]
    WATER_LEVEL_FIELD_NUMBER: _ClassVar[int]
    difficulty: ForbiddenIslandDifficulty
    water_level: int
    def __init__(self, difficulty: _Optional[_Union[ForbiddenIslandDifficulty, str]] = ..., water_level: _Optional[int] = ...) -> None: ...

class ForbiddenIslandPlacedTile(_message.Message):
    __slots__ = ("x", "y", "tile")
    X_FIELD_NUMBER: _ClassVar[int]
    Y_FIELD_NUMBER: _ClassVar[int]
    TILE_FIELD_NUMBER: _ClassVar[int]
    x: int
    y: int
    tile: str
    def __init__(self, x: _Optional[int] = ..., y: _Optional[int] = ..., tile: _Optional[str] = ...) -> None: ...
