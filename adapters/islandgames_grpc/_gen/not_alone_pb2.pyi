from . import common_pb2 as _common_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class NotAloneBoard(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    NOT_ALONE_BOARD_UNSPECIFIED: _ClassVar[NotAloneBoard]
    NOT_ALONE_BOARD_A: _ClassVar[NotAloneBoard]
    NOT_ALONE_BOARD_B: _ClassVar[NotAloneBoard]

class NotAloneStep(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    NOT_ALONE_STEP_UNSPECIFIED: _ClassVar[NotAloneStep]
    NOT_ALONE_STEP_CREATURE_WINDOW: _ClassVar[NotAloneStep]
    NOT_ALONE_STEP_HUNTED_WINDOW: _ClassVar[NotAloneStep]
    NOT_ALONE_STEP_EXPLORE: _ClassVar[NotAloneStep]
    NOT_ALONE_STEP_HUNT: _ClassVar[NotAloneStep]
    NOT_ALONE_STEP_ASCENDANCY: _ClassVar[NotAloneStep]
    NOT_ALONE_STEP_PHOBIA: _ClassVar[NotAloneStep]
    NOT_ALONE_STEP_FORBIDDEN_ZONE: _ClassVar[NotAloneStep]
    NOT_ALONE_STEP_PREPARE: _ClassVar[NotAloneStep]
    NOT_ALONE_STEP_RESOLVE_FREE: _ClassVar[NotAloneStep]
    NOT_ALONE_STEP_SCREAM: _ClassVar[NotAloneStep]
    NOT_ALONE_STEP_TOXIN: _ClassVar[NotAloneStep]
    NOT_ALONE_STEP_RESOLVE_TARGET: _ClassVar[NotAloneStep]
    NOT_ALONE_STEP_ARTEMIA: _ClassVar[NotAloneStep]
    NOT_ALONE_STEP_OVER: _ClassVar[NotAloneStep]

class NotAloneDouble(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    NOT_ALONE_DOUBLE_UNSPECIFIED: _ClassVar[NotAloneDouble]
    NOT_ALONE_DOUBLE_RIVER: _ClassVar[NotAloneDouble]
    NOT_ALONE_DOUBLE_ARTEFACT: _ClassVar[NotAloneDouble]

class NotAloneWinner(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    NOT_ALONE_WINNER_UNSPECIFIED: _ClassVar[NotAloneWinner]
    NOT_ALONE_WINNER_HUNTED: _ClassVar[NotAloneWinner]
    NOT_ALONE_WINNER_CREATURE: _ClassVar[NotAloneWinner]

class NotAloneToken(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    NOT_ALONE_TOKEN_UNSPECIFIED: _ClassVar[NotAloneToken]
    NOT_ALONE_TOKEN_CREATURE: _ClassVar[NotAloneToken]
    NOT_ALONE_TOKEN_ARTEMIA: _ClassVar[NotAloneToken]
    NOT_ALONE_TOKEN_TARGET: _ClassVar[NotAloneToken]

class NotAloneSymbol(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    NOT_ALONE_SYMBOL_UNSPECIFIED: _ClassVar[NotAloneSymbol]
    NOT_ALONE_SYMBOL_ARTEMIA: _ClassVar[NotAloneSymbol]
    NOT_ALONE_SYMBOL_TARGET: _ClassVar[NotAloneSymbol]
NOT_ALONE_BOARD_UNSPECIFIED: NotAloneBoard
NOT_ALONE_BOARD_A: NotAloneBoard
NOT_ALONE_BOARD_B: NotAloneBoard
NOT_ALONE_STEP_UNSPECIFIED: NotAloneStep
NOT_ALONE_STEP_CREATURE_WINDOW: NotAloneStep
NOT_ALONE_STEP_HUNTED_WINDOW: NotAloneStep
NOT_ALONE_STEP_EXPLORE: NotAloneStep
NOT_ALONE_STEP_HUNT: NotAloneStep
NOT_ALONE_STEP_ASCENDANCY: NotAloneStep
NOT_ALONE_STEP_PHOBIA: NotAloneStep
NOT_ALONE_STEP_FORBIDDEN_ZONE: NotAloneStep
NOT_ALONE_STEP_PREPARE: NotAloneStep
NOT_ALONE_STEP_RESOLVE_FREE: NotAloneStep
NOT_ALONE_STEP_SCREAM: NotAloneStep
NOT_ALONE_STEP_TOXIN: NotAloneStep
NOT_ALONE_STEP_RESOLVE_TARGET: NotAloneStep
NOT_ALONE_STEP_ARTEMIA: NotAloneStep
NOT_ALONE_STEP_OVER: NotAloneStep
NOT_ALONE_DOUBLE_UNSPECIFIED: NotAloneDouble
NOT_ALONE_DOUBLE_RIVER: NotAloneDouble
NOT_ALONE_DOUBLE_ARTEFACT: NotAloneDouble
NOT_ALONE_WINNER_UNSPECIFIED: NotAloneWinner
NOT_ALONE_WINNER_HUNTED: NotAloneWinner
NOT_ALONE_WINNER_CREATURE: NotAloneWinner
NOT_ALONE_TOKEN_UNSPECIFIED: NotAloneToken
NOT_ALONE_TOKEN_CREATURE: NotAloneToken
NOT_ALONE_TOKEN_ARTEMIA: NotAloneToken
NOT_ALONE_TOKEN_TARGET: NotAloneToken
NOT_ALONE_SYMBOL_UNSPECIFIED: NotAloneSymbol
NOT_ALONE_SYMBOL_ARTEMIA: NotAloneSymbol
NOT_ALONE_SYMBOL_TARGET: NotAloneSymbol

class NotAloneConfig(_message.Message):
    __slots__ = ("hunted", "board", "creature_seat", "exhausted_will")
    HUNTED_FIELD_NUMBER: _ClassVar[int]
    BOARD_FIELD_NUMBER: _ClassVar[int]
    CREATURE_SEAT_FIELD_NUMBER: _ClassVar[int]
    EXHAUSTED_WILL_FIELD_NUMBER: _ClassVar[int]
    hunted: int
    board: NotAloneBoard
    creature_seat: int
    exhausted_will: int
    def __init__(self, hunted: _Optional[int] = ..., board: _Optional[_Union[NotAloneBoard, str]] = ..., creature_seat: _Optional[int] = ..., exhausted_will: _Optional[int] = ...) -> None: ...

class NotAloneState(_message.Message):
    __slots__ = ("config", "rng", "turn", "phase", "step", "rescue", "assimilation", "marker", "hunted", "reserve", "hunt_hand", "hunt_deck", "hunt_discard", "hunt_played", "effects", "allowance", "survival_deck", "survival_discard", "creature_token", "artemia_token", "target_token", "anticipation", "cataclysm", "phobia", "phobia_shown", "beach_used", "wreck_used", "sacrifice", "smokescreen", "owing", "queue", "shelter", "shelter_owner", "window_first", "window_played", "batch", "secret_swaps", "winner", "withdrawn", "resolved")
    CONFIG_FIELD_NUMBER: _ClassVar[int]
    RNG_FIELD_NUMBER: _ClassVar[int]
    TURN_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    STEP_FIELD_NUMBER: _ClassVar[int]
    RESCUE_FIELD_NUMBER: _ClassVar[int]
    ASSIMILATION_FIELD_NUMBER: _ClassVar[int]
    MARKER_FIELD_NUMBER: _ClassVar[int]
    HUNTED_FIELD_NUMBER: _ClassVar[int]
    RESERVE_FIELD_NUMBER: _ClassVar[int]
    HUNT_HAND_FIELD_NUMBER: _ClassVar[int]
    HUNT_DECK_FIELD_NUMBER: _ClassVar[int]
    HUNT_DISCARD_FIELD_NUMBER: _ClassVar[int]
    HUNT_PLAYED_FIELD_NUMBER: _ClassVar[int]
    EFFECTS_FIELD_NUMBER: _ClassVar[int]
    ALLOWANCE_FIELD_NUMBER: _ClassVar[int]
    SURVIVAL_DECK_FIELD_NUMBER: _ClassVar[int]
    SURVIVAL_DISCARD_FIELD_NUMBER: _ClassVar[int]
    CREATURE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    ARTEMIA_TOKEN_FIELD_NUMBER: _ClassVar[int]
    TARGET_TOKEN_FIELD_NUMBER: _ClassVar[int]
    ANTICIPATION_FIELD_NUMBER: _ClassVar[int]
    CATACLYSM_FIELD_NUMBER: _ClassVar[int]
    PHOBIA_FIELD_NUMBER: _ClassVar[int]
    PHOBIA_SHOWN_FIELD_NUMBER: _ClassVar[int]
    BEACH_USED_FIELD_NUMBER: _ClassVar[int]
    WRECK_USED_FIELD_NUMBER: _ClassVar[int]
    SACRIFICE_FIELD_NUMBER: _ClassVar[int]
    SMOKESCREEN_FIELD_NUMBER: _ClassVar[int]
    OWING_FIELD_NUMBER: _ClassVar[int]
    QUEUE_FIELD_NUMBER: _ClassVar[int]
    SHELTER_FIELD_NUMBER: _ClassVar[int]
    SHELTER_OWNER_FIELD_NUMBER: _ClassVar[int]
    WINDOW_FIRST_FIELD_NUMBER: _ClassVar[int]
    WINDOW_PLAYED_FIELD_NUMBER: _ClassVar[int]
    BATCH_FIELD_NUMBER: _ClassVar[int]
    SECRET_SWAPS_FIELD_NUMBER: _ClassVar[int]
    WINNER_FIELD_NUMBER: _ClassVar[int]
    WITHDRAWN_FIELD_NUMBER: _ClassVar[int]
    RESOLVED_FIELD_NUMBER: _ClassVar[int]
    config: NotAloneConfig
    rng: _common_pb2.Rng
    turn: int
    phase: int
    step: NotAloneStep
    rescue: int
    assimilation: int
    marker: bool
    hunted: _containers.RepeatedCompositeFieldContainer[NotAloneHunted]
    reserve: _containers.RepeatedScalarFieldContainer[int]
    hunt_hand: _containers.RepeatedScalarFieldContainer[str]
    hunt_deck: _containers.RepeatedScalarFieldContainer[str]
    hunt_discard: _containers.RepeatedScalarFieldContainer[str]
    hunt_played: _containers.RepeatedScalarFieldContainer[str]
    effects: _containers.RepeatedScalarFieldContainer[str]
    allowance: int
    survival_deck: _containers.RepeatedScalarFieldContainer[str]
    survival_discard: _containers.RepeatedScalarFieldContainer[str]
    creature_token: _containers.RepeatedScalarFieldContainer[int]
    artemia_token: _containers.RepeatedScalarFieldContainer[int]
    target_token: _containers.RepeatedScalarFieldContainer[int]
    anticipation: int
    cataclysm: int
    phobia: int
    phobia_shown: _containers.RepeatedScalarFieldContainer[int]
    beach_used: bool
    wreck_used: bool
    sacrifice: bool
    smokescreen: bool
    owing: _containers.RepeatedScalarFieldContainer[int]
    queue: _containers.RepeatedCompositeFieldContainer[_common_pb2.Int64List]
    shelter: _containers.RepeatedScalarFieldContainer[str]
    shelter_owner: int
    window_first: bool
    window_played: bool
    batch: int
    secret_swaps: _containers.RepeatedCompositeFieldContainer[_common_pb2.Int64List]
    winner: NotAloneWinner
    withdrawn: _containers.RepeatedCompositeFieldContainer[_common_pb2.Int64List]
    resolved: _containers.RepeatedCompositeFieldContainer[_common_pb2.Int64List]
    def __init__(self, config: _Optional[_Union[NotAloneConfig, _Mapping]] = ..., rng: _Optional[_Union[_common_pb2.Rng, _Mapping]] = ..., turn: _Optional[int] = ..., phase: _Optional[int] = ..., step: _Optional[_Union[NotAloneStep, str]] = ..., rescue: _Optional[int] = ..., assimilation: _Optional[int] = ..., marker: _Optional[bool] = ..., hunted: _Optional[_Iterable[_Union[NotAloneHunted, _Mapping]]] = ..., reserve: _Optional[_Iterable[int]] = ..., hunt_hand: _Optional[_Iterable[str]] = ..., hunt_deck: _Optional[_Iterable[str]] = ..., hunt_discard: _Optional[_Iterable[str]] = ..., hunt_played: _Optional[_Iterable[str]] = ..., effects: _Optional[_Iterable[str]] = ..., allowance: _Optional[int] = ..., survival_deck: _Optional[_Iterable[str]] = ..., survival_discard: _Optional[_Iterable[str]] = ..., creature_token: _Optional[_Iterable[int]] = ..., artemia_token: _Optional[_Iterable[int]] = ..., target_token: _Optional[_Iterable[int]] = ..., anticipation: _Optional[int] = ..., cataclysm: _Optional[int] = ..., phobia: _Optional[int] = ..., phobia_shown: _Optional[_Iterable[int]] = ..., beach_used: _Optional[bool] = ..., wreck_used: _Optional[bool] = ..., sacrifice: _Optional[bool] = ..., smokescreen: _Optional[bool] = ..., owing: _Optional[_Iterable[int]] = ..., queue: _Optional[_Iterable[_Union[_common_pb2.Int64List, _Mapping]]] = ..., shelter: _Optional[_Iterable[str]] = ..., shelter_owner: _Optional[int] = ..., window_first: _Optional[bool] = ..., window_played: _Optional[bool] = ..., batch: _Optional[int] = ..., secret_swaps: _Optional[_Iterable[_Union[_common_pb2.Int64List, _Mapping]]] = ..., winner: _Optional[_Union[NotAloneWinner, str]] = ..., withdrawn: _Optional[_Iterable[_Union[_common_pb2.Int64List, _Mapping]]] = ..., resolved: _Optional[_Iterable[_Union[_common_pb2.Int64List, _Mapping]]] = ...) -> None: ...

class NotAloneHunted(_message.Message):
    __slots__ = ("seat", "will", "hand", "discard", "played", "places", "survival", "double", "next_double", "resisted", "survival_used", "dodge", "detector", "submitted", "choice", "choice_card")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    WILL_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    DISCARD_FIELD_NUMBER: _ClassVar[int]
    PLAYED_FIELD_NUMBER: _ClassVar[int]
    PLACES_FIELD_NUMBER: _ClassVar[int]
    SURVIVAL_FIELD_NUMBER: _ClassVar[int]
    DOUBLE_FIELD_NUMBER: _ClassVar[int]
    NEXT_DOUBLE_FIELD_NUMBER: _ClassVar[int]
    RESISTED_FIELD_NUMBER: _ClassVar[int]
    SURVIVAL_USED_FIELD_NUMBER: _ClassVar[int]
    DODGE_FIELD_NUMBER: _ClassVar[int]
    DETECTOR_FIELD_NUMBER: _ClassVar[int]
    SUBMITTED_FIELD_NUMBER: _ClassVar[int]
    CHOICE_FIELD_NUMBER: _ClassVar[int]
    CHOICE_CARD_FIELD_NUMBER: _ClassVar[int]
    seat: int
    will: int
    hand: _containers.RepeatedScalarFieldContainer[int]
    discard: _containers.RepeatedScalarFieldContainer[int]
    played: _containers.RepeatedScalarFieldContainer[int]
    places: _containers.RepeatedScalarFieldContainer[int]
    survival: _containers.RepeatedScalarFieldContainer[str]
    double: NotAloneDouble
    next_double: NotAloneDouble
    resisted: bool
    survival_used: bool
    dodge: bool
    detector: bool
    submitted: bool
    choice: _containers.RepeatedScalarFieldContainer[int]
    choice_card: str
    def __init__(self, seat: _Optional[int] = ..., will: _Optional[int] = ..., hand: _Optional[_Iterable[int]] = ..., discard: _Optional[_Iterable[int]] = ..., played: _Optional[_Iterable[int]] = ..., places: _Optional[_Iterable[int]] = ..., survival: _Optional[_Iterable[str]] = ..., double: _Optional[_Union[NotAloneDouble, str]] = ..., next_double: _Optional[_Union[NotAloneDouble, str]] = ..., resisted: _Optional[bool] = ..., survival_used: _Optional[bool] = ..., dodge: _Optional[bool] = ..., detector: _Optional[bool] = ..., submitted: _Optional[bool] = ..., choice: _Optional[_Iterable[int]] = ..., choice_card: _Optional[str] = ...) -> None: ...

class NotAloneAction(_message.Message):
    __slots__ = ("explore", "resist", "give_up", "play_survival", "play_hunt", "place_token", "river_keep", "discard", "lose_will", "discard_survival", "keep", "conceal", "use_power", "take_back", "forgo", "keep_survival")
    PASS_FIELD_NUMBER: _ClassVar[int]
    EXPLORE_FIELD_NUMBER: _ClassVar[int]
    RESIST_FIELD_NUMBER: _ClassVar[int]
    GIVE_UP_FIELD_NUMBER: _ClassVar[int]
    PLAY_SURVIVAL_FIELD_NUMBER: _ClassVar[int]
    PLAY_HUNT_FIELD_NUMBER: _ClassVar[int]
    PLACE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    RIVER_KEEP_FIELD_NUMBER: _ClassVar[int]
    DISCARD_FIELD_NUMBER: _ClassVar[int]
    LOSE_WILL_FIELD_NUMBER: _ClassVar[int]
    DISCARD_SURVIVAL_FIELD_NUMBER: _ClassVar[int]
    KEEP_FIELD_NUMBER: _ClassVar[int]
    CONCEAL_FIELD_NUMBER: _ClassVar[int]
    USE_POWER_FIELD_NUMBER: _ClassVar[int]
    TAKE_BACK_FIELD_NUMBER: _ClassVar[int]
    FORGO_FIELD_NUMBER: _ClassVar[int]
    KEEP_SURVIVAL_FIELD_NUMBER: _ClassVar[int]
    explore: NotAloneExplore
    resist: NotAloneResist
    give_up: NotAloneGiveUp
    play_survival: NotAlonePlaySurvival
    play_hunt: NotAlonePlayHunt
    place_token: NotAlonePlaceToken
    river_keep: NotAloneRiverKeep
    discard: NotAloneDiscard
    lose_will: NotAloneLoseWill
    discard_survival: NotAloneDiscardSurvival
    keep: NotAloneKeep
    conceal: NotAloneConceal
    use_power: NotAloneUsePower
    take_back: NotAloneTakeBack
    forgo: NotAloneForgo
    keep_survival: NotAloneKeepSurvival
    def __init__(self, explore: _Optional[_Union[NotAloneExplore, _Mapping]] = ..., resist: _Optional[_Union[NotAloneResist, _Mapping]] = ..., give_up: _Optional[_Union[NotAloneGiveUp, _Mapping]] = ..., play_survival: _Optional[_Union[NotAlonePlaySurvival, _Mapping]] = ..., play_hunt: _Optional[_Union[NotAlonePlayHunt, _Mapping]] = ..., place_token: _Optional[_Union[NotAlonePlaceToken, _Mapping]] = ..., river_keep: _Optional[_Union[NotAloneRiverKeep, _Mapping]] = ..., discard: _Optional[_Union[NotAloneDiscard, _Mapping]] = ..., lose_will: _Optional[_Union[NotAloneLoseWill, _Mapping]] = ..., discard_survival: _Optional[_Union[NotAloneDiscardSurvival, _Mapping]] = ..., keep: _Optional[_Union[NotAloneKeep, _Mapping]] = ..., conceal: _Optional[_Union[NotAloneConceal, _Mapping]] = ..., use_power: _Optional[_Union[NotAloneUsePower, _Mapping]] = ..., take_back: _Optional[_Union[NotAloneTakeBack, _Mapping]] = ..., forgo: _Optional[_Union[NotAloneForgo, _Mapping]] = ..., keep_survival: _Optional[_Union[NotAloneKeepSurvival, _Mapping]] = ..., **kwargs) -> None: ...

class NotAlonePass(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class NotAloneExplore(_message.Message):
    __slots__ = ("cards",)
    CARDS_FIELD_NUMBER: _ClassVar[int]
    cards: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, cards: _Optional[_Iterable[int]] = ...) -> None: ...

class NotAloneResist(_message.Message):
    __slots__ = ("will", "cards")
    WILL_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    will: int
    cards: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, will: _Optional[int] = ..., cards: _Optional[_Iterable[int]] = ...) -> None: ...

class NotAloneGiveUp(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class NotAlonePlaySurvival(_message.Message):
    __slots__ = ("card", "cards", "places")
    CARD_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    PLACES_FIELD_NUMBER: _ClassVar[int]
    card: str
    cards: _containers.RepeatedScalarFieldContainer[int]
    places: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, card: _Optional[str] = ..., cards: _Optional[_Iterable[int]] = ..., places: _Optional[_Iterable[int]] = ...) -> None: ...

class NotAlonePlayHunt(_message.Message):
    __slots__ = ("card", "seat", "places")
    CARD_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    PLACES_FIELD_NUMBER: _ClassVar[int]
    card: str
    seat: int
    places: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, card: _Optional[str] = ..., seat: _Optional[int] = ..., places: _Optional[_Iterable[int]] = ...) -> None: ...

class NotAlonePlaceToken(_message.Message):
    __slots__ = ("token", "places")
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    PLACES_FIELD_NUMBER: _ClassVar[int]
    token: NotAloneToken
    places: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, token: _Optional[_Union[NotAloneToken, str]] = ..., places: _Optional[_Iterable[int]] = ...) -> None: ...

class NotAloneRiverKeep(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: int
    def __init__(self, card: _Optional[int] = ...) -> None: ...

class NotAloneDiscard(_message.Message):
    __slots__ = ("cards",)
    CARDS_FIELD_NUMBER: _ClassVar[int]
    cards: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, cards: _Optional[_Iterable[int]] = ...) -> None: ...

class NotAloneLoseWill(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class NotAloneDiscardSurvival(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: str
    def __init__(self, card: _Optional[str] = ...) -> None: ...

class NotAloneKeep(_message.Message):
    __slots__ = ("cards",)
    CARDS_FIELD_NUMBER: _ClassVar[int]
    cards: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, cards: _Optional[_Iterable[int]] = ...) -> None: ...

class NotAloneConceal(_message.Message):
    __slots__ = ("cards",)
    CARDS_FIELD_NUMBER: _ClassVar[int]
    cards: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, cards: _Optional[_Iterable[int]] = ...) -> None: ...

class NotAloneUsePower(_message.Message):
    __slots__ = ("at", "power", "survival", "cards", "seat")
    AT_FIELD_NUMBER: _ClassVar[int]
    POWER_FIELD_NUMBER: _ClassVar[int]
    SURVIVAL_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    at: int
    power: int
    survival: str
    cards: _containers.RepeatedScalarFieldContainer[int]
    seat: int
    def __init__(self, at: _Optional[int] = ..., power: _Optional[int] = ..., survival: _Optional[str] = ..., cards: _Optional[_Iterable[int]] = ..., seat: _Optional[int] = ...) -> None: ...

class NotAloneTakeBack(_message.Message):
    __slots__ = ("at", "card")
    AT_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    at: int
    card: int
    def __init__(self, at: _Optional[int] = ..., card: _Optional[int] = ...) -> None: ...

class NotAloneForgo(_message.Message):
    __slots__ = ("at",)
    AT_FIELD_NUMBER: _ClassVar[int]
    at: int
    def __init__(self, at: _Optional[int] = ...) -> None: ...

class NotAloneKeepSurvival(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: str
    def __init__(self, card: _Optional[str] = ...) -> None: ...

class NotAloneView(_message.Message):
    __slots__ = ("seat", "role", "creature_seat", "board", "turn", "phase", "step", "to_act", "rescue", "assimilation", "marker", "artemia_space", "reserve", "hunted", "hunt_hand_count", "hunt_hand", "hunt_deck_count", "hunt_discard", "hunt_played", "effects", "allowance", "survival_deck_count", "survival_discard", "creature_token", "artemia_token", "target_token", "anticipation", "cataclysm", "phobia", "phobia_shown", "beach_used", "wreck_used", "sacrifice", "smokescreen", "queue", "shelter_count", "shelter", "winner")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    ROLE_FIELD_NUMBER: _ClassVar[int]
    CREATURE_SEAT_FIELD_NUMBER: _ClassVar[int]
    BOARD_FIELD_NUMBER: _ClassVar[int]
    TURN_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    STEP_FIELD_NUMBER: _ClassVar[int]
    TO_ACT_FIELD_NUMBER: _ClassVar[int]
    RESCUE_FIELD_NUMBER: _ClassVar[int]
    ASSIMILATION_FIELD_NUMBER: _ClassVar[int]
    MARKER_FIELD_NUMBER: _ClassVar[int]
    ARTEMIA_SPACE_FIELD_NUMBER: _ClassVar[int]
    RESERVE_FIELD_NUMBER: _ClassVar[int]
    HUNTED_FIELD_NUMBER: _ClassVar[int]
    HUNT_HAND_COUNT_FIELD_NUMBER: _ClassVar[int]
    HUNT_HAND_FIELD_NUMBER: _ClassVar[int]
    HUNT_DECK_COUNT_FIELD_NUMBER: _ClassVar[int]
    HUNT_DISCARD_FIELD_NUMBER: _ClassVar[int]
    HUNT_PLAYED_FIELD_NUMBER: _ClassVar[int]
    EFFECTS_FIELD_NUMBER: _ClassVar[int]
    ALLOWANCE_FIELD_NUMBER: _ClassVar[int]
    SURVIVAL_DECK_COUNT_FIELD_NUMBER: _ClassVar[int]
    SURVIVAL_DISCARD_FIELD_NUMBER: _ClassVar[int]
    CREATURE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    ARTEMIA_TOKEN_FIELD_NUMBER: _ClassVar[int]
    TARGET_TOKEN_FIELD_NUMBER: _ClassVar[int]
    ANTICIPATION_FIELD_NUMBER: _ClassVar[int]
    CATACLYSM_FIELD_NUMBER: _ClassVar[int]
    PHOBIA_FIELD_NUMBER: _ClassVar[int]
    PHOBIA_SHOWN_FIELD_NUMBER: _ClassVar[int]
    BEACH_USED_FIELD_NUMBER: _ClassVar[int]
    WRECK_USED_FIELD_NUMBER: _ClassVar[int]
    SACRIFICE_FIELD_NUMBER: _ClassVar[int]
    SMOKESCREEN_FIELD_NUMBER: _ClassVar[int]
    QUEUE_FIELD_NUMBER: _ClassVar[int]
    SHELTER_COUNT_FIELD_NUMBER: _ClassVar[int]
    SHELTER_FIELD_NUMBER: _ClassVar[int]
    WINNER_FIELD_NUMBER: _ClassVar[int]
    seat: int
    role: str
    creature_seat: int
    board: str
    turn: int
    phase: int
    step: NotAloneStep
    to_act: _containers.RepeatedScalarFieldContainer[int]
    rescue: int
    assimilation: int
    marker: bool
    artemia_space: bool
    reserve: _containers.RepeatedScalarFieldContainer[int]
    hunted: _containers.RepeatedCompositeFieldContainer[NotAloneHuntedView]
    hunt_hand_count: int
    hunt_hand: _common_pb2.StringList
    hunt_deck_count: int
    hunt_discard: _containers.RepeatedScalarFieldContainer[str]
    hunt_played: _containers.RepeatedScalarFieldContainer[str]
    effects: _containers.RepeatedScalarFieldContainer[str]
    allowance: int
    survival_deck_count: int
    survival_discard: _containers.RepeatedScalarFieldContainer[str]
    creature_token: _containers.RepeatedScalarFieldContainer[int]
    artemia_token: _containers.RepeatedScalarFieldContainer[int]
    target_token: _containers.RepeatedScalarFieldContainer[int]
    anticipation: int
    cataclysm: int
    phobia: int
    phobia_shown: _common_pb2.Int64List
    beach_used: bool
    wreck_used: bool
    sacrifice: bool
    smokescreen: bool
    queue: _containers.RepeatedCompositeFieldContainer[_common_pb2.Int64List]
    shelter_count: int
    shelter: _common_pb2.StringList
    winner: NotAloneWinner
    def __init__(self, seat: _Optional[int] = ..., role: _Optional[str] = ..., creature_seat: _Optional[int] = ..., board: _Optional[str] = ..., turn: _Optional[int] = ..., phase: _Optional[int] = ..., step: _Optional[_Union[NotAloneStep, str]] = ..., to_act: _Optional[_Iterable[int]] = ..., rescue: _Optional[int] = ..., assimilation: _Optional[int] = ..., marker: _Optional[bool] = ..., artemia_space: _Optional[bool] = ..., reserve: _Optional[_Iterable[int]] = ..., hunted: _Optional[_Iterable[_Union[NotAloneHuntedView, _Mapping]]] = ..., hunt_hand_count: _Optional[int] = ..., hunt_hand: _Optional[_Union[_common_pb2.StringList, _Mapping]] = ..., hunt_deck_count: _Optional[int] = ..., hunt_discard: _Optional[_Iterable[str]] = ..., hunt_played: _Optional[_Iterable[str]] = ..., effects: _Optional[_Iterable[str]] = ..., allowance: _Optional[int] = ..., survival_deck_count: _Optional[int] = ..., survival_discard: _Optional[_Iterable[str]] = ..., creature_token: _Optional[_Iterable[int]] = ..., artemia_token: _Optional[_Iterable[int]] = ..., target_token: _Optional[_Iterable[int]] = ..., anticipation: _Optional[int] = ..., cataclysm: _Optional[int] = ..., phobia: _Optional[int] = ..., phobia_shown: _Optional[_Union[_common_pb2.Int64List, _Mapping]] = ..., beach_used: _Optional[bool] = ..., wreck_used: _Optional[bool] = ..., sacrifice: _Optional[bool] = ..., smokescreen: _Optional[bool] = ..., queue: _Optional[_Iterable[_Union[_common_pb2.Int64List, _Mapping]]] = ..., shelter_count: _Optional[int] = ..., shelter: _Optional[_Union[_common_pb2.StringList, _Mapping]] = ..., winner: _Optional[_Union[NotAloneWinner, str]] = ...) -> None: ...

class NotAloneHuntedView(_message.Message):
    __slots__ = ("seat", "will", "hand_count", "hand", "discard_count", "discard", "owned", "played_count", "played", "places", "survival_count", "survival", "double", "next_double", "resisted", "survival_used", "dodge", "detector", "submitted", "choice", "choice_card")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    WILL_FIELD_NUMBER: _ClassVar[int]
    HAND_COUNT_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    DISCARD_COUNT_FIELD_NUMBER: _ClassVar[int]
    DISCARD_FIELD_NUMBER: _ClassVar[int]
    OWNED_FIELD_NUMBER: _ClassVar[int]
    PLAYED_COUNT_FIELD_NUMBER: _ClassVar[int]
    PLAYED_FIELD_NUMBER: _ClassVar[int]
    PLACES_FIELD_NUMBER: _ClassVar[int]
    SURVIVAL_COUNT_FIELD_NUMBER: _ClassVar[int]
    SURVIVAL_FIELD_NUMBER: _ClassVar[int]
    DOUBLE_FIELD_NUMBER: _ClassVar[int]
    NEXT_DOUBLE_FIELD_NUMBER: _ClassVar[int]
    RESISTED_FIELD_NUMBER: _ClassVar[int]
    SURVIVAL_USED_FIELD_NUMBER: _ClassVar[int]
    DODGE_FIELD_NUMBER: _ClassVar[int]
    DETECTOR_FIELD_NUMBER: _ClassVar[int]
    SUBMITTED_FIELD_NUMBER: _ClassVar[int]
    CHOICE_FIELD_NUMBER: _ClassVar[int]
    CHOICE_CARD_FIELD_NUMBER: _ClassVar[int]
    seat: int
    will: int
    hand_count: int
    hand: _common_pb2.Int64List
    discard_count: int
    discard: _common_pb2.Int64List
    owned: _containers.RepeatedScalarFieldContainer[int]
    played_count: int
    played: _common_pb2.Int64List
    places: _containers.RepeatedScalarFieldContainer[int]
    survival_count: int
    survival: _common_pb2.StringList
    double: str
    next_double: str
    resisted: bool
    survival_used: bool
    dodge: bool
    detector: bool
    submitted: bool
    choice: _common_pb2.Int64List
    choice_card: str
    def __init__(self, seat: _Optional[int] = ..., will: _Optional[int] = ..., hand_count: _Optional[int] = ..., hand: _Optional[_Union[_common_pb2.Int64List, _Mapping]] = ..., discard_count: _Optional[int] = ..., discard: _Optional[_Union[_common_pb2.Int64List, _Mapping]] = ..., owned: _Optional[_Iterable[int]] = ..., played_count: _Optional[int] = ..., played: _Optional[_Union[_common_pb2.Int64List, _Mapping]] = ..., places: _Optional[_Iterable[int]] = ..., survival_count: _Optional[int] = ..., survival: _Optional[_Union[_common_pb2.StringList, _Mapping]] = ..., double: _Optional[str] = ..., next_double: _Optional[str] = ..., resisted: _Optional[bool] = ..., survival_used: _Optional[bool] = ..., dodge: _Optional[bool] = ..., detector: _Optional[bool] = ..., submitted: _Optional[bool] = ..., choice: _Optional[_Union[_common_pb2.Int64List, _Mapping]] = ..., choice_card: _Optional[str] = ...) -> None: ...

class NotAloneLayout(_message.Message):
    __slots__ = ("places", "columns", "rows", "survival_cards", "hunt_cards", "artemia_tracks", "board")
    PLACES_FIELD_NUMBER: _ClassVar[int]
    COLUMNS_FIELD_NUMBER: _ClassVar[int]
    ROWS_FIELD_NUMBER: _ClassVar[int]
    SURVIVAL_CARDS_FIELD_NUMBER: _ClassVar[int]
    HUNT_CARDS_FIELD_NUMBER: _ClassVar[int]
    ARTEMIA_TRACKS_FIELD_NUMBER: _ClassVar[int]
    BOARD_FIELD_NUMBER: _ClassVar[int]
    places: _containers.RepeatedCompositeFieldContainer[NotAlonePlace]
    columns: int
    rows: int
    survival_cards: _containers.RepeatedCompositeFieldContainer[NotAloneSurvivalCard]
    hunt_cards: _containers.RepeatedCompositeFieldContainer[NotAloneHuntCard]
    artemia_tracks: _containers.RepeatedCompositeFieldContainer[NotAloneArtemiaTrack]
    board: NotAloneBoard
    def __init__(self, places: _Optional[_Iterable[_Union[NotAlonePlace, _Mapping]]] = ..., columns: _Optional[int] = ..., rows: _Optional[int] = ..., survival_cards: _Optional[_Iterable[_Union[NotAloneSurvivalCard, _Mapping]]] = ..., hunt_cards: _Optional[_Iterable[_Union[NotAloneHuntCard, _Mapping]]] = ..., artemia_tracks: _Optional[_Iterable[_Union[NotAloneArtemiaTrack, _Mapping]]] = ..., board: _Optional[_Union[NotAloneBoard, str]] = ...) -> None: ...

class NotAlonePlace(_message.Message):
    __slots__ = ("number", "name", "title", "power", "column", "row", "adjacent")
    NUMBER_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    POWER_FIELD_NUMBER: _ClassVar[int]
    COLUMN_FIELD_NUMBER: _ClassVar[int]
    ROW_FIELD_NUMBER: _ClassVar[int]
    ADJACENT_FIELD_NUMBER: _ClassVar[int]
    number: int
    name: str
    title: str
    power: str
    column: int
    row: int
    adjacent: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, number: _Optional[int] = ..., name: _Optional[str] = ..., title: _Optional[str] = ..., power: _Optional[str] = ..., column: _Optional[int] = ..., row: _Optional[int] = ..., adjacent: _Optional[_Iterable[int]] = ...) -> None: ...

class NotAloneSurvivalCard(_message.Message):
    __slots__ = ("name", "title", "phase", "text")
    NAME_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    name: str
    title: str
    phase: int
    text: str
    def __init__(self, name: _Optional[str] = ..., title: _Optional[str] = ..., phase: _Optional[int] = ..., text: _Optional[str] = ...) -> None: ...

class NotAloneHuntCard(_message.Message):
    __slots__ = ("name", "title", "phase", "symbol", "text")
    NAME_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    SYMBOL_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    name: str
    title: str
    phase: int
    symbol: NotAloneSymbol
    text: str
    def __init__(self, name: _Optional[str] = ..., title: _Optional[str] = ..., phase: _Optional[int] = ..., symbol: _Optional[_Union[NotAloneSymbol, str]] = ..., text: _Optional[str] = ...) -> None: ...

class NotAloneArtemiaTrack(_message.Message):
    __slots__ = ("board", "spaces")
    BOARD_FIELD_NUMBER: _ClassVar[int]
    SPACES_FIELD_NUMBER: _ClassVar[int]
    board: NotAloneBoard
    spaces: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, board: _Optional[_Union[NotAloneBoard, str]] = ..., spaces: _Optional[_Iterable[int]] = ...) -> None: ...
