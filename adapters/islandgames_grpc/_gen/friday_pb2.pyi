from . import common_pb2 as _common_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class FridayEmptyAgingStack(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    FRIDAY_EMPTY_AGING_STACK_UNSPECIFIED: _ClassVar[FridayEmptyAgingStack]
    FRIDAY_EMPTY_AGING_STACK_DEFEAT: _ClassVar[FridayEmptyAgingStack]
    FRIDAY_EMPTY_AGING_STACK_RESHUFFLE: _ClassVar[FridayEmptyAgingStack]

class FridayPhase(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    FRIDAY_PHASE_UNSPECIFIED: _ClassVar[FridayPhase]
    FRIDAY_PHASE_HAZARD: _ClassVar[FridayPhase]
    FRIDAY_PHASE_PIRATE: _ClassVar[FridayPhase]
    FRIDAY_PHASE_FIGHT: _ClassVar[FridayPhase]
    FRIDAY_PHASE_DESTROY: _ClassVar[FridayPhase]
    FRIDAY_PHASE_OVER: _ClassVar[FridayPhase]

class FridayAbility(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    FRIDAY_ABILITY_UNSPECIFIED: _ClassVar[FridayAbility]
    FRIDAY_ABILITY_LIFE1: _ClassVar[FridayAbility]
    FRIDAY_ABILITY_LIFE2: _ClassVar[FridayAbility]
    FRIDAY_ABILITY_CARDS1: _ClassVar[FridayAbility]
    FRIDAY_ABILITY_CARDS2: _ClassVar[FridayAbility]
    FRIDAY_ABILITY_DESTROY: _ClassVar[FridayAbility]
    FRIDAY_ABILITY_DOUBLE: _ClassVar[FridayAbility]
    FRIDAY_ABILITY_COPY: _ClassVar[FridayAbility]
    FRIDAY_ABILITY_STEP_MINUS: _ClassVar[FridayAbility]
    FRIDAY_ABILITY_SORT3: _ClassVar[FridayAbility]
    FRIDAY_ABILITY_EXCHANGE1: _ClassVar[FridayAbility]
    FRIDAY_ABILITY_EXCHANGE2: _ClassVar[FridayAbility]
    FRIDAY_ABILITY_BELOW: _ClassVar[FridayAbility]
    FRIDAY_ABILITY_STOP: _ClassVar[FridayAbility]
    FRIDAY_ABILITY_HIGHEST_ZERO: _ClassVar[FridayAbility]
    FRIDAY_ABILITY_LIFE_MINUS1: _ClassVar[FridayAbility]
    FRIDAY_ABILITY_LIFE_MINUS2: _ClassVar[FridayAbility]

class FridayResult(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    FRIDAY_RESULT_UNSPECIFIED: _ClassVar[FridayResult]
    FRIDAY_RESULT_WON: _ClassVar[FridayResult]
    FRIDAY_RESULT_LOST: _ClassVar[FridayResult]

class FridayCardKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    FRIDAY_CARD_KIND_UNSPECIFIED: _ClassVar[FridayCardKind]
    FRIDAY_CARD_KIND_STARTING: _ClassVar[FridayCardKind]
    FRIDAY_CARD_KIND_KNOWLEDGE: _ClassVar[FridayCardKind]
    FRIDAY_CARD_KIND_AGING: _ClassVar[FridayCardKind]
    FRIDAY_CARD_KIND_PIRATE: _ClassVar[FridayCardKind]

class FridayAgingKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    FRIDAY_AGING_KIND_UNSPECIFIED: _ClassVar[FridayAgingKind]
    FRIDAY_AGING_KIND_NORMAL: _ClassVar[FridayAgingKind]
    FRIDAY_AGING_KIND_DIFFICULT: _ClassVar[FridayAgingKind]

class FridayPirateRule(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    FRIDAY_PIRATE_RULE_UNSPECIFIED: _ClassVar[FridayPirateRule]
    FRIDAY_PIRATE_RULE_COST2: _ClassVar[FridayPirateRule]
    FRIDAY_PIRATE_RULE_HALF: _ClassVar[FridayPirateRule]
    FRIDAY_PIRATE_RULE_PLUS1: _ClassVar[FridayPirateRule]
    FRIDAY_PIRATE_RULE_AGING: _ClassVar[FridayPirateRule]
    FRIDAY_PIRATE_RULE_ALL: _ClassVar[FridayPirateRule]
FRIDAY_EMPTY_AGING_STACK_UNSPECIFIED: FridayEmptyAgingStack
FRIDAY_EMPTY_AGING_STACK_DEFEAT: FridayEmptyAgingStack
FRIDAY_EMPTY_AGING_STACK_RESHUFFLE: FridayEmptyAgingStack
FRIDAY_PHASE_UNSPECIFIED: FridayPhase
FRIDAY_PHASE_HAZARD: FridayPhase
FRIDAY_PHASE_PIRATE: FridayPhase
FRIDAY_PHASE_FIGHT: FridayPhase
FRIDAY_PHASE_DESTROY: FridayPhase
FRIDAY_PHASE_OVER: FridayPhase
FRIDAY_ABILITY_UNSPECIFIED: FridayAbility
FRIDAY_ABILITY_LIFE1: FridayAbility
FRIDAY_ABILITY_LIFE2: FridayAbility
FRIDAY_ABILITY_CARDS1: FridayAbility
FRIDAY_ABILITY_CARDS2: FridayAbility
FRIDAY_ABILITY_DESTROY: FridayAbility
FRIDAY_ABILITY_DOUBLE: FridayAbility
FRIDAY_ABILITY_COPY: FridayAbility
FRIDAY_ABILITY_STEP_MINUS: FridayAbility
FRIDAY_ABILITY_SORT3: FridayAbility
FRIDAY_ABILITY_EXCHANGE1: FridayAbility
FRIDAY_ABILITY_EXCHANGE2: FridayAbility
FRIDAY_ABILITY_BELOW: FridayAbility
FRIDAY_ABILITY_STOP: FridayAbility
FRIDAY_ABILITY_HIGHEST_ZERO: FridayAbility
FRIDAY_ABILITY_LIFE_MINUS1: FridayAbility
FRIDAY_ABILITY_LIFE_MINUS2: FridayAbility
FRIDAY_RESULT_UNSPECIFIED: FridayResult
FRIDAY_RESULT_WON: FridayResult
FRIDAY_RESULT_LOST: FridayResult
FRIDAY_CARD_KIND_UNSPECIFIED: FridayCardKind
FRIDAY_CARD_KIND_STARTING: FridayCardKind
FRIDAY_CARD_KIND_KNOWLEDGE: FridayCardKind
FRIDAY_CARD_KIND_AGING: FridayCardKind
FRIDAY_CARD_KIND_PIRATE: FridayCardKind
FRIDAY_AGING_KIND_UNSPECIFIED: FridayAgingKind
FRIDAY_AGING_KIND_NORMAL: FridayAgingKind
FRIDAY_AGING_KIND_DIFFICULT: FridayAgingKind
FRIDAY_PIRATE_RULE_UNSPECIFIED: FridayPirateRule
FRIDAY_PIRATE_RULE_COST2: FridayPirateRule
FRIDAY_PIRATE_RULE_HALF: FridayPirateRule
FRIDAY_PIRATE_RULE_PLUS1: FridayPirateRule
FRIDAY_PIRATE_RULE_AGING: FridayPirateRule
FRIDAY_PIRATE_RULE_ALL: FridayPirateRule

class FridayConfig(_message.Message):
    __slots__ = ("level", "empty_aging_stack")
    LEVEL_FIELD_NUMBER: _ClassVar[int]
    EMPTY_AGING_STACK_FIELD_NUMBER: _ClassVar[int]
    level: int
    empty_aging_stack: FridayEmptyAgingStack
    def __init__(self, level: _Optional[int] = ..., empty_aging_stack: _Optional[_Union[FridayEmptyAgingStack, str]] = ...) -> None: ...

class FridayState(_message.Message):
    __slots__ = ("config", "rng", "phase", "step", "life", "stack", "discard", "known_top", "known_bottom", "hazard_stack", "hazard_discard", "offer", "aging_stack", "pirates", "pirates_defeated", "fight", "destroyed", "result", "reason", "face_down_aging", "aging_looked")
    CONFIG_FIELD_NUMBER: _ClassVar[int]
    RNG_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    STEP_FIELD_NUMBER: _ClassVar[int]
    LIFE_FIELD_NUMBER: _ClassVar[int]
    STACK_FIELD_NUMBER: _ClassVar[int]
    DISCARD_FIELD_NUMBER: _ClassVar[int]
    KNOWN_TOP_FIELD_NUMBER: _ClassVar[int]
    KNOWN_BOTTOM_FIELD_NUMBER: _ClassVar[int]
    HAZARD_STACK_FIELD_NUMBER: _ClassVar[int]
    HAZARD_DISCARD_FIELD_NUMBER: _ClassVar[int]
    OFFER_FIELD_NUMBER: _ClassVar[int]
    AGING_STACK_FIELD_NUMBER: _ClassVar[int]
    PIRATES_FIELD_NUMBER: _ClassVar[int]
    PIRATES_DEFEATED_FIELD_NUMBER: _ClassVar[int]
    FIGHT_FIELD_NUMBER: _ClassVar[int]
    DESTROYED_FIELD_NUMBER: _ClassVar[int]
    RESULT_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    FACE_DOWN_AGING_FIELD_NUMBER: _ClassVar[int]
    AGING_LOOKED_FIELD_NUMBER: _ClassVar[int]
    config: FridayConfig
    rng: _common_pb2.Rng
    phase: FridayPhase
    step: int
    life: int
    stack: _containers.RepeatedScalarFieldContainer[int]
    discard: _containers.RepeatedScalarFieldContainer[int]
    known_top: int
    known_bottom: int
    hazard_stack: _containers.RepeatedScalarFieldContainer[int]
    hazard_discard: _containers.RepeatedScalarFieldContainer[int]
    offer: _containers.RepeatedScalarFieldContainer[int]
    aging_stack: _containers.RepeatedScalarFieldContainer[int]
    pirates: _containers.RepeatedScalarFieldContainer[int]
    pirates_defeated: _containers.RepeatedScalarFieldContainer[bool]
    fight: FridayFight
    destroyed: _containers.RepeatedScalarFieldContainer[int]
    result: FridayResult
    reason: str
    face_down_aging: int
    aging_looked: bool
    def __init__(self, config: _Optional[_Union[FridayConfig, _Mapping]] = ..., rng: _Optional[_Union[_common_pb2.Rng, _Mapping]] = ..., phase: _Optional[_Union[FridayPhase, str]] = ..., step: _Optional[int] = ..., life: _Optional[int] = ..., stack: _Optional[_Iterable[int]] = ..., discard: _Optional[_Iterable[int]] = ..., known_top: _Optional[int] = ..., known_bottom: _Optional[int] = ..., hazard_stack: _Optional[_Iterable[int]] = ..., hazard_discard: _Optional[_Iterable[int]] = ..., offer: _Optional[_Iterable[int]] = ..., aging_stack: _Optional[_Iterable[int]] = ..., pirates: _Optional[_Iterable[int]] = ..., pirates_defeated: _Optional[_Iterable[bool]] = ..., fight: _Optional[_Union[FridayFight, _Mapping]] = ..., destroyed: _Optional[_Iterable[int]] = ..., result: _Optional[_Union[FridayResult, str]] = ..., reason: _Optional[str] = ..., face_down_aging: _Optional[int] = ..., aging_looked: _Optional[bool] = ...) -> None: ...

class FridayFight(_message.Message):
    __slots__ = ("enemy", "allowance", "free_drawn", "cards", "step_lowered", "pending", "budget")
    ENEMY_FIELD_NUMBER: _ClassVar[int]
    ALLOWANCE_FIELD_NUMBER: _ClassVar[int]
    FREE_DRAWN_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    STEP_LOWERED_FIELD_NUMBER: _ClassVar[int]
    PENDING_FIELD_NUMBER: _ClassVar[int]
    BUDGET_FIELD_NUMBER: _ClassVar[int]
    enemy: int
    allowance: int
    free_drawn: int
    cards: _containers.RepeatedCompositeFieldContainer[FridayFightCard]
    step_lowered: bool
    pending: FridayPending
    budget: int
    def __init__(self, enemy: _Optional[int] = ..., allowance: _Optional[int] = ..., free_drawn: _Optional[int] = ..., cards: _Optional[_Iterable[_Union[FridayFightCard, _Mapping]]] = ..., step_lowered: _Optional[bool] = ..., pending: _Optional[_Union[FridayPending, _Mapping]] = ..., budget: _Optional[int] = ...) -> None: ...

class FridayFightCard(_message.Message):
    __slots__ = ("card", "paid", "uses", "doubled")
    CARD_FIELD_NUMBER: _ClassVar[int]
    PAID_FIELD_NUMBER: _ClassVar[int]
    USES_FIELD_NUMBER: _ClassVar[int]
    DOUBLED_FIELD_NUMBER: _ClassVar[int]
    card: int
    paid: bool
    uses: int
    doubled: bool
    def __init__(self, card: _Optional[int] = ..., paid: _Optional[bool] = ..., uses: _Optional[int] = ..., doubled: _Optional[bool] = ...) -> None: ...

class FridayPending(_message.Message):
    __slots__ = ("pending_target", "pending_sort", "pending_replacement")
    PENDING_TARGET_FIELD_NUMBER: _ClassVar[int]
    PENDING_SORT_FIELD_NUMBER: _ClassVar[int]
    PENDING_REPLACEMENT_FIELD_NUMBER: _ClassVar[int]
    pending_target: FridayPendingTarget
    pending_sort: FridayPendingSort
    pending_replacement: FridayPendingReplacement
    def __init__(self, pending_target: _Optional[_Union[FridayPendingTarget, _Mapping]] = ..., pending_sort: _Optional[_Union[FridayPendingSort, _Mapping]] = ..., pending_replacement: _Optional[_Union[FridayPendingReplacement, _Mapping]] = ...) -> None: ...

class FridayPendingTarget(_message.Message):
    __slots__ = ("ability", "source")
    ABILITY_FIELD_NUMBER: _ClassVar[int]
    SOURCE_FIELD_NUMBER: _ClassVar[int]
    ability: FridayAbility
    source: int
    def __init__(self, ability: _Optional[_Union[FridayAbility, str]] = ..., source: _Optional[int] = ...) -> None: ...

class FridayPendingSort(_message.Message):
    __slots__ = ("source", "looked", "discarded", "returning")
    SOURCE_FIELD_NUMBER: _ClassVar[int]
    LOOKED_FIELD_NUMBER: _ClassVar[int]
    DISCARDED_FIELD_NUMBER: _ClassVar[int]
    RETURNING_FIELD_NUMBER: _ClassVar[int]
    source: int
    looked: _containers.RepeatedScalarFieldContainer[int]
    discarded: bool
    returning: bool
    def __init__(self, source: _Optional[int] = ..., looked: _Optional[_Iterable[int]] = ..., discarded: _Optional[bool] = ..., returning: _Optional[bool] = ...) -> None: ...

class FridayPendingReplacement(_message.Message):
    __slots__ = ("source",)
    SOURCE_FIELD_NUMBER: _ClassVar[int]
    source: int
    def __init__(self, source: _Optional[int] = ...) -> None: ...

class FridayAction(_message.Message):
    __slots__ = ("choose_hazard", "skip_hazard", "choose_pirate", "draw_free", "draw_paid", "use_ability", "choose_target", "sort_look", "sort_discard", "sort_return", "replace", "resolve_fight", "destroy_card", "finish_destroying")
    CHOOSE_HAZARD_FIELD_NUMBER: _ClassVar[int]
    SKIP_HAZARD_FIELD_NUMBER: _ClassVar[int]
    CHOOSE_PIRATE_FIELD_NUMBER: _ClassVar[int]
    DRAW_FREE_FIELD_NUMBER: _ClassVar[int]
    DRAW_PAID_FIELD_NUMBER: _ClassVar[int]
    USE_ABILITY_FIELD_NUMBER: _ClassVar[int]
    CHOOSE_TARGET_FIELD_NUMBER: _ClassVar[int]
    SORT_LOOK_FIELD_NUMBER: _ClassVar[int]
    SORT_DISCARD_FIELD_NUMBER: _ClassVar[int]
    SORT_RETURN_FIELD_NUMBER: _ClassVar[int]
    REPLACE_FIELD_NUMBER: _ClassVar[int]
    RESOLVE_FIGHT_FIELD_NUMBER: _ClassVar[int]
    DESTROY_CARD_FIELD_NUMBER: _ClassVar[int]
    FINISH_DESTROYING_FIELD_NUMBER: _ClassVar[int]
    choose_hazard: FridayChooseHazard
    skip_hazard: FridaySkipHazard
    choose_pirate: FridayChoosePirate
    draw_free: FridayDrawFree
    draw_paid: FridayDrawPaid
    use_ability: FridayUseAbility
    choose_target: FridayChooseTarget
    sort_look: FridaySortLook
    sort_discard: FridaySortDiscard
    sort_return: FridaySortReturn
    replace: FridayReplace
    resolve_fight: FridayResolveFight
    destroy_card: FridayDestroyCard
    finish_destroying: FridayFinishDestroying
    def __init__(self, choose_hazard: _Optional[_Union[FridayChooseHazard, _Mapping]] = ..., skip_hazard: _Optional[_Union[FridaySkipHazard, _Mapping]] = ..., choose_pirate: _Optional[_Union[FridayChoosePirate, _Mapping]] = ..., draw_free: _Optional[_Union[FridayDrawFree, _Mapping]] = ..., draw_paid: _Optional[_Union[FridayDrawPaid, _Mapping]] = ..., use_ability: _Optional[_Union[FridayUseAbility, _Mapping]] = ..., choose_target: _Optional[_Union[FridayChooseTarget, _Mapping]] = ..., sort_look: _Optional[_Union[FridaySortLook, _Mapping]] = ..., sort_discard: _Optional[_Union[FridaySortDiscard, _Mapping]] = ..., sort_return: _Optional[_Union[FridaySortReturn, _Mapping]] = ..., replace: _Optional[_Union[FridayReplace, _Mapping]] = ..., resolve_fight: _Optional[_Union[FridayResolveFight, _Mapping]] = ..., destroy_card: _Optional[_Union[FridayDestroyCard, _Mapping]] = ..., finish_destroying: _Optional[_Union[FridayFinishDestroying, _Mapping]] = ...) -> None: ...

class FridayChooseHazard(_message.Message):
    __slots__ = ("index",)
    INDEX_FIELD_NUMBER: _ClassVar[int]
    index: int
    def __init__(self, index: _Optional[int] = ...) -> None: ...

class FridaySkipHazard(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class FridayChoosePirate(_message.Message):
    __slots__ = ("index",)
    INDEX_FIELD_NUMBER: _ClassVar[int]
    index: int
    def __init__(self, index: _Optional[int] = ...) -> None: ...

class FridayDrawFree(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class FridayDrawPaid(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class FridayUseAbility(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: int
    def __init__(self, card: _Optional[int] = ...) -> None: ...

class FridayChooseTarget(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: int
    def __init__(self, card: _Optional[int] = ...) -> None: ...

class FridaySortLook(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class FridaySortDiscard(_message.Message):
    __slots__ = ("index",)
    INDEX_FIELD_NUMBER: _ClassVar[int]
    index: int
    def __init__(self, index: _Optional[int] = ...) -> None: ...

class FridaySortReturn(_message.Message):
    __slots__ = ("index",)
    INDEX_FIELD_NUMBER: _ClassVar[int]
    index: int
    def __init__(self, index: _Optional[int] = ...) -> None: ...

class FridayReplace(_message.Message):
    __slots__ = ("draw",)
    DRAW_FIELD_NUMBER: _ClassVar[int]
    draw: bool
    def __init__(self, draw: _Optional[bool] = ...) -> None: ...

class FridayResolveFight(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class FridayDestroyCard(_message.Message):
    __slots__ = ("index",)
    INDEX_FIELD_NUMBER: _ClassVar[int]
    index: int
    def __init__(self, index: _Optional[int] = ...) -> None: ...

class FridayFinishDestroying(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class FridayView(_message.Message):
    __slots__ = ("seat", "config", "phase", "step", "life", "max_life", "stack_size", "stack_top", "stack_bottom", "stack_cards", "discard", "hazard_stack_size", "hazard_stack_cards", "hazard_discard", "offer", "aging_stack_size", "aging_stack_cards", "pirates", "pirates_defeated", "fight", "destroyed", "score", "result", "reason")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CONFIG_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    STEP_FIELD_NUMBER: _ClassVar[int]
    LIFE_FIELD_NUMBER: _ClassVar[int]
    MAX_LIFE_FIELD_NUMBER: _ClassVar[int]
    STACK_SIZE_FIELD_NUMBER: _ClassVar[int]
    STACK_TOP_FIELD_NUMBER: _ClassVar[int]
    STACK_BOTTOM_FIELD_NUMBER: _ClassVar[int]
    STACK_CARDS_FIELD_NUMBER: _ClassVar[int]
    DISCARD_FIELD_NUMBER: _ClassVar[int]
    HAZARD_STACK_SIZE_FIELD_NUMBER: _ClassVar[int]
    HAZARD_STACK_CARDS_FIELD_NUMBER: _ClassVar[int]
    HAZARD_DISCARD_FIELD_NUMBER: _ClassVar[int]
    OFFER_FIELD_NUMBER: _ClassVar[int]
    AGING_STACK_SIZE_FIELD_NUMBER: _ClassVar[int]
    AGING_STACK_CARDS_FIELD_NUMBER: _ClassVar[int]
    PIRATES_FIELD_NUMBER: _ClassVar[int]
    PIRATES_DEFEATED_FIELD_NUMBER: _ClassVar[int]
    FIGHT_FIELD_NUMBER: _ClassVar[int]
    DESTROYED_FIELD_NUMBER: _ClassVar[int]
    SCORE_FIELD_NUMBER: _ClassVar[int]
    RESULT_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    seat: int
    config: FridayConfig
    phase: FridayPhase
    step: int
    life: int
    max_life: int
    stack_size: int
    stack_top: _containers.RepeatedScalarFieldContainer[int]
    stack_bottom: _containers.RepeatedScalarFieldContainer[int]
    stack_cards: _containers.RepeatedScalarFieldContainer[int]
    discard: _containers.RepeatedScalarFieldContainer[int]
    hazard_stack_size: int
    hazard_stack_cards: _containers.RepeatedScalarFieldContainer[int]
    hazard_discard: _containers.RepeatedScalarFieldContainer[int]
    offer: _containers.RepeatedScalarFieldContainer[int]
    aging_stack_size: int
    aging_stack_cards: _containers.RepeatedScalarFieldContainer[int]
    pirates: _containers.RepeatedScalarFieldContainer[int]
    pirates_defeated: _containers.RepeatedScalarFieldContainer[bool]
    fight: FridayFightView
    destroyed: _containers.RepeatedScalarFieldContainer[int]
    score: int
    result: FridayResult
    reason: str
    def __init__(self, seat: _Optional[int] = ..., config: _Optional[_Union[FridayConfig, _Mapping]] = ..., phase: _Optional[_Union[FridayPhase, str]] = ..., step: _Optional[int] = ..., life: _Optional[int] = ..., max_life: _Optional[int] = ..., stack_size: _Optional[int] = ..., stack_top: _Optional[_Iterable[int]] = ..., stack_bottom: _Optional[_Iterable[int]] = ..., stack_cards: _Optional[_Iterable[int]] = ..., discard: _Optional[_Iterable[int]] = ..., hazard_stack_size: _Optional[int] = ..., hazard_stack_cards: _Optional[_Iterable[int]] = ..., hazard_discard: _Optional[_Iterable[int]] = ..., offer: _Optional[_Iterable[int]] = ..., aging_stack_size: _Optional[int] = ..., aging_stack_cards: _Optional[_Iterable[int]] = ..., pirates: _Optional[_Iterable[int]] = ..., pirates_defeated: _Optional[_Iterable[bool]] = ..., fight: _Optional[_Union[FridayFightView, _Mapping]] = ..., destroyed: _Optional[_Iterable[int]] = ..., score: _Optional[int] = ..., result: _Optional[_Union[FridayResult, str]] = ..., reason: _Optional[str] = ...) -> None: ...

class FridayFightView(_message.Message):
    __slots__ = ("fight", "total", "hazard_value", "free_left", "paid_cost", "stopped", "can_draw")
    FIGHT_FIELD_NUMBER: _ClassVar[int]
    TOTAL_FIELD_NUMBER: _ClassVar[int]
    HAZARD_VALUE_FIELD_NUMBER: _ClassVar[int]
    FREE_LEFT_FIELD_NUMBER: _ClassVar[int]
    PAID_COST_FIELD_NUMBER: _ClassVar[int]
    STOPPED_FIELD_NUMBER: _ClassVar[int]
    CAN_DRAW_FIELD_NUMBER: _ClassVar[int]
    fight: FridayFight
    total: int
    hazard_value: int
    free_left: int
    paid_cost: int
    stopped: bool
    can_draw: bool
    def __init__(self, fight: _Optional[_Union[FridayFight, _Mapping]] = ..., total: _Optional[int] = ..., hazard_value: _Optional[int] = ..., free_left: _Optional[int] = ..., paid_cost: _Optional[int] = ..., stopped: _Optional[bool] = ..., can_draw: _Optional[bool] = ...) -> None: ...

class FridayLayout(_message.Message):
    __slots__ = ("cards", "abilities", "pirate_rules", "steps")
    CARDS_FIELD_NUMBER: _ClassVar[int]
    ABILITIES_FIELD_NUMBER: _ClassVar[int]
    PIRATE_RULES_FIELD_NUMBER: _ClassVar[int]
    STEPS_FIELD_NUMBER: _ClassVar[int]
    cards: _containers.RepeatedCompositeFieldContainer[FridayCard]
    abilities: _containers.RepeatedCompositeFieldContainer[FridayAbilityText]
    pirate_rules: _containers.RepeatedCompositeFieldContainer[FridayPirateRuleText]
    steps: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, cards: _Optional[_Iterable[_Union[FridayCard, _Mapping]]] = ..., abilities: _Optional[_Iterable[_Union[FridayAbilityText, _Mapping]]] = ..., pirate_rules: _Optional[_Iterable[_Union[FridayPirateRuleText, _Mapping]]] = ..., steps: _Optional[_Iterable[str]] = ...) -> None: ...

class FridayCard(_message.Message):
    __slots__ = ("id", "kind", "name", "value", "ability", "destroy_cost", "aging_kind", "hazard", "free", "hazard_values", "pirate_value", "pirate_rule")
    ID_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    ABILITY_FIELD_NUMBER: _ClassVar[int]
    DESTROY_COST_FIELD_NUMBER: _ClassVar[int]
    AGING_KIND_FIELD_NUMBER: _ClassVar[int]
    HAZARD_FIELD_NUMBER: _ClassVar[int]
    FREE_FIELD_NUMBER: _ClassVar[int]
    HAZARD_VALUES_FIELD_NUMBER: _ClassVar[int]
    PIRATE_VALUE_FIELD_NUMBER: _ClassVar[int]
    PIRATE_RULE_FIELD_NUMBER: _ClassVar[int]
    id: int
    kind: FridayCardKind
    name: str
    value: int
    ability: FridayAbility
    destroy_cost: int
    aging_kind: FridayAgingKind
    hazard: str
    free: int
    hazard_values: _common_pb2.Int64List
    pirate_value: int
    pirate_rule: FridayPirateRule
    def __init__(self, id: _Optional[int] = ..., kind: _Optional[_Union[FridayCardKind, str]] = ..., name: _Optional[str] = ..., value: _Optional[int] = ..., ability: _Optional[_Union[FridayAbility, str]] = ..., destroy_cost: _Optional[int] = ..., aging_kind: _Optional[_Union[FridayAgingKind, str]] = ..., hazard: _Optional[str] = ..., free: _Optional[int] = ..., hazard_values: _Optional[_Union[_common_pb2.Int64List, _Mapping]] = ..., pirate_value: _Optional[int] = ..., pirate_rule: _Optional[_Union[FridayPirateRule, str]] = ...) -> None: ...

class FridayAbilityText(_message.Message):
    __slots__ = ("ability", "text", "uses")
    ABILITY_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    USES_FIELD_NUMBER: _ClassVar[int]
    ability: FridayAbility
    text: str
    uses: int
    def __init__(self, ability: _Optional[_Union[FridayAbility, str]] = ..., text: _Optional[str] = ..., uses: _Optional[int] = ...) -> None: ...

class FridayPirateRuleText(_message.Message):
    __slots__ = ("rule", "text")
    RULE_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    rule: FridayPirateRule
    text: str
    def __init__(self, rule: _Optional[_Union[FridayPirateRule, str]] = ..., text: _Optional[str] = ...) -> None: ...
