"""The rules kit: the one way every game is written (docs/writing-a-game.md).

A game declares its contract first (``INFO``, its config class, its action union, its
rules versions as rows of a :class:`RulesVersion` subclass), then writes its rules
with three tools:

- :class:`Draft`, a mutable scratch copy of a frozen attrs state, derived from the
  state's fields: an action edits the draft, which is built into the next state once.
- :class:`Rulebook`, one handler per action class, each naming the rulings it
  implements, sealed at import (every action class has exactly one handler), and a
  settle step that runs after every handler.
- :class:`Table`, data as data: one entry per key (a card, a place) holding its
  legality and its effect together, sealed against the keys the game's data lists.

:class:`RulesGame` is the one :class:`~islandgames.core.game.Game` class every game
uses: it serves a game's :class:`Definition` under one of its rules versions.

>>> @attrs.frozen
... class Counter:
...     total: int
...     turns: int
>>> class CounterDraft(Draft[Counter], state=Counter):
...     pass
>>> d = CounterDraft(Counter(total=1, turns=0))
>>> d.total += 5
>>> d.build()
Counter(total=6, turns=0)
"""

from __future__ import annotations

import functools
import inspect
import keyword
import types
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from typing import Any, ClassVar, Generic, TypeVar, cast, get_args

import attrs

from .errors import InvalidConfigError
from .game import Game, GameInfo, Outcome, Seat, seat_error
from .notation import describe_action as generic_words
from .rng import Rng

__all__ = [
    "Definition",
    "Draft",
    "KitError",
    "Rule",
    "Rulebook",
    "RulesGame",
    "RulesVersion",
    "Table",
    "action_classes",
    "constructor",
    "fixed_order",
]

S = TypeVar("S")
A = TypeVar("A")
V = TypeVar("V")
C = TypeVar("C")
D = TypeVar("D")
K = TypeVar("K", bound=Hashable)
E = TypeVar("E")
R = TypeVar("R", bound="RulesVersion")
X = TypeVar("X")
Y = TypeVar("Y")


class KitError(TypeError):
    """A game is wired wrongly: an action class without a handler or with two, a table
    entry missing or twice, a draft that does not match its state. Raised at import,
    so a broken game never loads."""


# --- rules versions --------------------------------------------------------------------


@attrs.frozen(slots=True)
class RulesVersion:
    """One row of a game's rules versions: ``version`` and, in a subclass, one boolean
    flag per change, named after what the newer rule does. A shipped row is never
    edited (logs played under it replay forever); a change of rules is a new row."""

    version: str


# --- drafts ----------------------------------------------------------------------------


def _compile(name: str, source: str, env: dict[str, Any]) -> Any:
    namespace: dict[str, Any] = {}
    exec(compile(source, f"<kit {name}>", "exec"), env, namespace)
    return namespace[name]


def _hint(hint: Any) -> str:
    """An annotation as text, whether a string (postponed evaluation) or an object."""
    text = hint if isinstance(hint, str) else getattr(hint, "__name__", repr(hint))
    return "".join(str(text).split())


def _slot_setters(target: type) -> dict[str, Any] | None:
    """The slot setters of ``target``'s fields if its attrs ``__init__`` does nothing but
    store its arguments (slotted, every field positional, no validator, converter, init
    hook or hash cache), else None. Storing through the slots skips the frozen class's
    ``object.__setattr__`` per field: a quarter of building a state."""
    init = target.__dict__.get("__init__")
    if not getattr(getattr(init, "__code__", None), "co_filename", "").startswith(
        "<attrs generated"
    ):
        return None
    if any(getattr(target, hook, None) for hook in ("__attrs_pre_init__", "__attrs_post_init__")):
        return None
    setters: dict[str, Any] = {}
    slots = [s for c in target.__mro__ for s in c.__dict__.get("__slots__", ())]
    if "_attrs_cached_hash" in slots:
        return None
    for f in attrs.fields(target):
        if f.validator is not None or f.converter is not None or not f.init or f.kw_only:
            return None
        slot = next((c.__dict__[f.name] for c in target.__mro__ if f.name in c.__dict__), None)
        if not isinstance(slot, types.MemberDescriptorType):
            return None
        setters[f.name] = slot.__set__
    return setters


def _build_source(
    signature: str, target: type, values: Iterable[str]
) -> tuple[str, dict[str, Any]]:
    """Source and globals of a function ``signature`` that returns ``target(*values)``
    (``values``: expressions, one per field in order)."""
    setters = _slot_setters(target)
    if setters is None:
        body = "    return _cls(" + ", ".join(values) + ")\n"
        return f"def {signature}:\n{body}", {"_cls": target}
    env: dict[str, Any] = {"_cls": target, "_new": object.__new__}
    lines = ["    _obj = _new(_cls)"]
    for i, (setter, value) in enumerate(zip(setters.values(), values, strict=True)):
        env[f"_set{i}"] = setter
        lines.append(f"    _set{i}(_obj, {value})")
    return f"def {signature}:\n" + "\n".join(lines) + "\n    return _obj\n", env


def constructor(target: type[X]) -> Callable[..., X]:
    """``target(*values)`` for an attrs class, every field given in order, built the
    way a draft builds its state (a hot path's records, such as a state's parts).

    >>> @attrs.frozen
    ... class Pair:
    ...     a: int
    ...     b: int = 0
    >>> constructor(Pair)(1, 2)
    Pair(a=1, b=2)
    """
    params = [f"v{i}" for i in range(len(attrs.fields(cast(Any, target))))]
    source, env = _build_source(f"make({', '.join(params)})", target, params)
    make: Callable[..., X] = _compile("make", source, env)
    return make


_KEEP: Any = object()  # an evolver's "this field unchanged"


def evolver(target: type[X]) -> Callable[..., X]:
    """``attrs.evolve`` for an attrs class whose ``__init__`` only stores its fields,
    without its keyword parsing and per-call introspection: ``evolve(obj, **changes)``,
    each change a field by name, built positionally as :func:`constructor` builds (a
    draft's records that the rules edit field by field on a hot path).

    >>> @attrs.frozen
    ... class Pair:
    ...     a: int
    ...     b: int = 0
    >>> evolver(Pair)(Pair(1, 2), b=5)
    Pair(a=1, b=5)
    >>> evolver(Pair)(Pair(1, 2), c=5)
    Traceback (most recent call last):
    ...
    TypeError: evolve() got an unexpected keyword argument 'c'
    """
    names = [f.name for f in attrs.fields(cast(Any, target))]
    bad = [n for n in names if not n.isidentifier() or keyword.iskeyword(n) or n == "_obj_in"]
    if bad:  # pragma: no cover - attrs field names are identifiers already
        raise KitError(f"{target.__name__}: cannot make an evolver for fields {bad}")
    signature = "evolve(_obj_in, *, " + ", ".join(f"{n}=_KEEP" for n in names) + ")"
    values = [f"_obj_in.{n} if {n} is _KEEP else {n}" for n in names]
    source, env = _build_source(signature, target, values)
    env["_KEEP"] = _KEEP
    evolve: Callable[..., X] = _compile("evolve", source, env)
    return evolve


def remember_last(fn: Callable[[X], Y]) -> Callable[[X], Y]:
    """``fn`` with an explicit cache of one entry: the answer for the last argument,
    found again by identity (``is``), never by equality. For pure functions of immutable
    states that several steps ask about the same state in a row (``to_act``,
    ``legal_actions`` and ``apply`` of one move). Safe across threads: the entry is one
    tuple, stored and read in one step, so a thread sees its own answer or recomputes.

    >>> calls = []
    >>> @remember_last
    ... def double(x: list[int]) -> list[int]:
    ...     calls.append(1)
    ...     return x * 2
    >>> a = [1]
    >>> double(a) is double(a), len(calls)
    (True, 1)
    >>> _ = double([1]); len(calls)  # an equal but other argument: computed again
    2
    """
    entry: tuple[object, Any] = (_KEEP, None)

    def remembered(arg: X) -> Y:
        nonlocal entry
        last = entry
        if last[0] is arg:
            answer: Y = last[1]
            return answer
        answer = fn(arg)
        entry = (arg, answer)
        return answer

    functools.update_wrapper(remembered, fn)
    return remembered


class GameOver(Exception):
    """Raised by a rule (a handler, the settle step or anything they call) at the
    instant the game ends: :meth:`Rulebook.apply` stops there, skips the settle step,
    and the draft is built as it stands (Not Alone: a counter reaching the star)."""


class _DraftMeta(type):
    """Gives every :class:`Draft` subclass ``__slots__`` for its state's fields and its
    own annotated extras, and generated ``__init__``/``build`` for each state class it
    meets (generated once per class: a plain attribute copy, a positional build)."""

    def __new__(
        mcs,
        name: str,
        bases: tuple[type, ...],
        ns: dict[str, Any],
        state: type | None = None,
        **kwargs: Any,
    ) -> _DraftMeta:
        if state is None:
            return super().__new__(mcs, name, bases, ns, **kwargs)
        if not attrs.has(state):
            raise KitError(f"draft {name}: {state!r} is not an attrs class")
        fields = tuple(f.name for f in attrs.fields(state))
        # a draft restates the fields it edits (so that the type checker knows them):
        # each restated annotation must be the state's, so that the two cannot drift
        declared = {f.name: f.type for f in attrs.fields(state)}
        for k, hint in ns.get("__annotations__", {}).items():
            if k in declared and _hint(hint) != _hint(declared[k]):
                raise KitError(
                    f"draft {name}: field {k!r} is annotated {_hint(hint)!r}, "
                    f"but {state.__name__} declares {_hint(declared[k])!r}"
                )
        extras = tuple(
            k
            for k, hint in ns.get("__annotations__", {}).items()
            if k not in fields and k != "_source" and "ClassVar" not in str(hint)
        )
        for k in extras:
            if k in ns:
                raise KitError(f"draft {name}: extra slot {k!r} must not have a class value")
        ns["__slots__"] = (*fields, *extras, "_source")
        ns["_state_type"] = state
        ns["_fields"] = fields
        ns["_extras"] = extras
        ns["_loaders"] = {}
        ns["_builders"] = {}
        return super().__new__(mcs, name, bases, ns, **kwargs)


class Draft(Generic[S], metaclass=_DraftMeta):
    """A mutable scratch copy of a frozen attrs state of type ``state`` (a class
    keyword of the subclass), one attribute per state field.

    ``Draft(s)`` copies every field of ``s``; :meth:`build` makes a state of the same
    class as ``s`` from the attributes, positionally (no keyword parsing, no evolve).
    ``s`` may be an older rules version's state class with fewer fields (every field it
    has must be a field of ``state``, in the same order): its missing fields take the
    values :meth:`defaults` gives, and the build drops them again, so the older class
    round-trips exactly. Annotated names of the subclass that are not state fields are
    extra slots (scratch values such as the rules flags); they are set by the subclass
    after ``super().__init__``.
    """

    __slots__ = ()
    _state_type: ClassVar[type]
    _fields: ClassVar[tuple[str, ...]]
    _extras: ClassVar[tuple[str, ...]]
    _loaders: ClassVar[dict[type, Callable[[Any, Any], None]]]
    _builders: ClassVar[dict[type, Callable[[Any], Any]]]
    _source: type

    def __init__(self, state: S) -> None:
        cls = type(state)
        load = self._loaders.get(cls)
        if load is None:
            load = self._compile_loader(cls)
        load(self, state)  # also records the class to build (``_source``)

    @classmethod
    def defaults(cls) -> Mapping[str, Any]:
        """Values of the fields an older state class lacks (override per game)."""
        return {}

    @classmethod
    def _compile_loader(cls, target: type) -> Callable[[Any, Any], None]:
        names = cls._field_names_of(target)
        missing = [f for f in cls._fields if f not in names]
        defaults = cls.defaults()
        absent = [f for f in missing if f not in defaults]
        if absent:
            raise KitError(
                f"{cls.__name__}: no default for {absent} (a {target.__name__} lacks them)"
            )
        lines = ["    self._source = _cls"] + [f"    self.{f} = s.{f}" for f in names]
        lines += [f"    self.{f} = _defaults[{f!r}]" for f in missing]
        source = "def load(self, s):\n" + "\n".join(lines) + "\n"
        env = {"_defaults": dict(defaults), "_cls": target}
        load: Callable[[Any, Any], None] = _compile("load", source, env)
        builder = _compile(
            "build", *_build_source("build(self)", target, [f"self.{f}" for f in names])
        )
        cls._loaders[target] = load
        cls._builders[target] = builder
        return load

    @classmethod
    def _field_names_of(cls, target: type) -> tuple[str, ...]:
        if not attrs.has(target):
            raise KitError(f"{cls.__name__}: {target!r} is not an attrs class")
        names = tuple(f.name for f in attrs.fields(target))
        kept = [f for f in cls._fields if f in names]
        if list(names) != kept or any(not n.isidentifier() or keyword.iskeyword(n) for n in names):
            raise KitError(
                f"{cls.__name__}: the fields of {target.__name__} are not the fields of "
                f"{cls._state_type.__name__} in order"
            )
        return names

    def build(self) -> S:
        """The state the draft now holds, of the class it was made from."""
        built: S = self._builders[self._source](self)
        return built

    def build_as(self, target: type[S]) -> S:
        """The state the draft now holds, as ``target`` (one of the state classes of
        this draft's state, for a game that changes its state class)."""
        if target not in self._builders:
            self._compile_loader(target)
        built: S = self._builders[target](self)
        return built


# --- rulebooks ---------------------------------------------------------------------------


def action_classes(action_type: Any) -> tuple[type, ...]:
    """The classes of an action union (or the one class)."""
    return tuple(get_args(action_type)) or (action_type,)


@attrs.frozen(slots=True)
class Rule(Generic[D]):
    """The handler of one action class and the ruling ids it implements."""

    action: type
    handler: Callable[[D, int, Any], None]
    rulings: tuple[str, ...]


class Rulebook(Generic[D, A]):
    """A game's handlers: exactly one per action class of ``actions`` (a union or a
    tuple of classes), each ``handler(draft, seat, action)`` editing a draft, each with
    the ids of the rulings it implements; and an optional settle step
    ``settle(draft)`` run after every handler (automatic consequences: a phase that
    ends, a game that is over). :meth:`seal` checks completeness; a game seals its
    rulebook at import.

    >>> @attrs.frozen
    ... class Add:
    ...     n: int
    >>> @attrs.frozen
    ... class Stop:
    ...     pass
    >>> book: Rulebook[list[int], Add | Stop] = Rulebook("demo", Add | Stop)
    >>> @book.rule(Add, "R1")
    ... def add(d: list[int], seat: int, a: Add) -> None:
    ...     d.append(a.n)
    >>> book.seal()
    Traceback (most recent call last):
    ...
    islandgames.core.kit.KitError: demo: no handler for Stop
    """

    def __init__(self, game_id: str, actions: Any) -> None:
        self.game_id = game_id
        self.actions = actions if isinstance(actions, tuple) else action_classes(actions)
        self._rules: dict[type, Rule[D]] = {}
        self._settle: Callable[[D], None] | None = None
        self._sealed = False

    def rule(
        self, action: type[X], *rulings: str
    ) -> Callable[[Callable[[D, int, X], None]], Callable[[D, int, X], None]]:
        """Register the handler of ``action`` (a decorator)."""

        def register(handler: Callable[[D, int, X], None]) -> Callable[[D, int, X], None]:
            if self._sealed:
                raise KitError(f"{self.game_id}: the rulebook is sealed")
            if action not in self.actions:
                raise KitError(f"{self.game_id}: {action.__name__} is not one of its actions")
            if action in self._rules:
                raise KitError(f"{self.game_id}: a second handler for {action.__name__}")
            self._rules[action] = Rule(action, handler, tuple(rulings))
            return handler

        return register

    def settle(self, step: Callable[[D], None]) -> Callable[[D], None]:
        """Register the settle step (a decorator)."""
        if self._settle is not None:
            raise KitError(f"{self.game_id}: a second settle step")
        self._settle = step
        return step

    def seal(self) -> None:
        """Check that every action class has exactly one handler; no more rules after."""
        missing = [c.__name__ for c in self.actions if c not in self._rules]
        if missing:
            raise KitError(f"{self.game_id}: no handler for {', '.join(missing)}")
        self._sealed = True
        self._handlers = {c: r.handler for c, r in self._rules.items()}

    def apply(self, draft: D, seat: int, action: A) -> None:
        """Run the handler of ``action`` on ``draft``, then the settle step; a
        :class:`GameOver` raised by either ends both, the draft as it stands."""
        try:
            self._handlers[type(action)](draft, seat, action)
            if self._settle is not None:
                self._settle(draft)
        except GameOver:
            return

    def __iter__(self) -> Iterator[Rule[D]]:
        return iter(self._rules[c] for c in self.actions if c in self._rules)

    def rulings(self) -> frozenset[str]:
        """Every ruling id some handler names."""
        return frozenset(r for rule in self._rules.values() for r in rule.rulings)


class Table(Generic[K, E]):
    """Data as data: one entry per key (for example each card: its legality and its
    effect together), with the ruling ids each implements; :meth:`seal` checks the
    entries against the keys the game's data lists (none missing, none extra)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._entries: dict[K, E] = {}
        self._rulings: dict[K, tuple[str, ...]] = {}
        self._sealed = False

    def add(self, key: K, entry: E, *rulings: str) -> E:
        if self._sealed:
            raise KitError(f"table {self.name} is sealed")
        if key in self._entries:
            raise KitError(f"table {self.name}: a second entry for {key!r}")
        self._entries[key] = entry
        self._rulings[key] = tuple(rulings)
        return entry

    def entry(self, key: K, *rulings: str) -> Callable[[E], E]:
        """Register an entry (a decorator, for entries that are functions or classes)."""

        def register(entry: E) -> E:
            return self.add(key, entry, *rulings)

        return register

    def seal(self, keys: Iterable[K]) -> None:
        expected = list(keys)
        missing = [k for k in expected if k not in self._entries]
        extra = [k for k in self._entries if k not in set(expected)]
        if missing or extra:
            raise KitError(f"table {self.name}: missing {missing}, unknown {extra}")
        self._sealed = True

    def __getitem__(self, key: K) -> E:
        return self._entries[key]

    def __contains__(self, key: object) -> bool:
        return key in self._entries

    def __iter__(self) -> Iterator[K]:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)

    def rulings(self) -> frozenset[str]:
        return frozenset(r for rs in self._rulings.values() for r in rs)


# --- scenario setups ------------------------------------------------------------------------


def fixed_order(given: tuple[X, ...] | None, drawn: tuple[X, ...], what: str) -> tuple[X, ...]:
    """``given`` if it is an order of exactly the items of ``drawn`` (a scenario setup's
    fixed deck order, top first), ``drawn`` if it is None; else an
    :class:`InvalidConfigError` naming what is missing or extra.

    >>> fixed_order(None, (1, 2, 2), "deck")
    (1, 2, 2)
    >>> fixed_order((2, 1, 2), (1, 2, 2), "deck")
    (2, 1, 2)
    >>> fixed_order((2, 1, 1), (1, 2, 2), "deck")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    islandgames.core.errors.InvalidConfigError: deck must hold ...: 1 once too many, 2 once too few
    """
    if given is None:
        return drawn
    if len(given) == len(drawn) and sorted(map(repr, given)) == sorted(map(repr, drawn)):
        return given
    counts: dict[str, int] = {}
    for item in drawn:
        counts[repr(item)] = counts.get(repr(item), 0) + 1
    for item in given:
        counts[repr(item)] = counts.get(repr(item), 0) - 1
    wrong = []
    for key in sorted(counts):
        n = counts[key]
        if n:
            many = "once" if abs(n) == 1 else f"{abs(n)} times"
            wrong.append(f"{key} {many} too {'few' if n > 0 else 'many'}")
    shown = ", ".join(wrong[:6]) + (f" and {len(wrong) - 6} more" if len(wrong) > 6 else "")
    items = ", ".join(map(repr, sorted(drawn, key=repr))) if len(drawn) <= 12 else "..."
    raise InvalidConfigError(
        f"{what} must hold exactly these {len(drawn)} items in any order ({items}): {shown}"
    )


# --- one Game class for every game ---------------------------------------------------------


@attrs.frozen(slots=True, kw_only=True)
class Definition(Generic[S, A, V, C, R]):
    """Everything a game package provides, under the same names in every game. Each
    function that may differ between rules versions takes the version row ``rules``.

    ``setup(rng, config, rules)``: the initial state. ``to_act(state)``,
    ``legal_actions(state, seat, rules)``, ``is_legal(state, seat, action, rules)``
    (None: membership in ``legal_actions``), ``apply(state, seat, action, rules)``
    (usually a draft, the rulebook, one build), ``view(state, seat, rules)``,
    ``outcome(state)``, ``resample_hidden(state, seat, rng)``,
    ``redact_action(before, seat, action, viewer, now, rules)`` (None: every action
    public), ``check_config(config)``, ``check_state(state, rules)``,
    ``state_type(rules)``: the state class of a rules version.
    ``sample_state(view, seat, rng, rules)`` (None: the game has none): a full state
    of ``state_type(rules)`` that ``seat`` (None: a spectator) cannot tell from the real
    one given ``view`` (its view under ``rules``), every hidden part (deck orders, other
    seats' hands, the RNG key) drawn from ``rng``, never from the real state (a sample
    must not leak the real future): OpenSpiel's ResampleFromInfostate, for search
    bots. ``setup_type``: the
    game's scenario-setup class (None: it has none); a game with one takes it as
    ``setup(rng, config, rules, fixed)`` (``fixed`` None for an ordinary setup).

    The extras, all optional, are how every other layer reaches the game (never by
    looking names up on its module): ``render_text(view)``, its text view within 80
    columns (the command line's board); ``render_svg(view)``, its picture, an SVG
    document drawn with :mod:`islandgames.render`; ``layout(game, state)``, its static
    components for clients (:mod:`islandgames.core.layout`), ``layout_type`` the class
    it returns; ``bots``, its own bots beyond ``random`` and ``mcts`` (name ->
    ``"module:attribute"`` of a bot class, imported when first asked for, or a
    factory); ``action_table(config)`` and ``observation(config)``, its RL codec (the
    action shapes of :mod:`islandgames.core.actionspace` and the observation caps);
    ``score_scale``, what a point of a seat's score is worth to search (``mcts`` values
    a finished game by score / scale); ``describe_action(subject, seat, action)``, an
    action of ``seat`` in the game's own words (``"move to square 13 (path)"``), as
    ``subject`` (the state it is played in, or a view of that state) shows the table:
    what :meth:`describe` gives the command line and the replay viewer.
    """

    info: GameInfo
    config_type: type[C]
    action_type: Any
    view_type: Any
    rules: tuple[R, ...]
    state_type: Callable[[R], type[S]]
    setup: Callable[[Rng, C, R], S]
    seat_count: Callable[[S], int]
    role: Callable[[S, Seat], str]
    to_act: Callable[[S], tuple[Seat, ...]]
    legal_actions: Callable[[S, Seat, R], tuple[A, ...]]
    apply: Callable[[S, Seat, A, R], S]
    view: Callable[[S, Seat | None, R], V]
    outcome: Callable[[S], Outcome | None]
    resample_hidden: Callable[[S, Seat | None, Rng], S]
    check_config: Callable[[C], None]
    check_state: Callable[[S, R], None]
    is_legal: Callable[[S, Seat, A, R], bool] | None = None
    redact_action: Callable[[S, Seat, A, Seat | None, S, R], A | None] | None = None
    setup_type: Any = None
    sample_state: Callable[[V, Seat | None, Rng, R], S] | None = None
    # --- what the library around the rules reaches through the definition: the
    # command line, the pictures, the service, the bots and the RL environments find a
    # game's extras here and nowhere else (None / empty: the game has none)
    render_text: Callable[[V], str] | None = None
    render_svg: Callable[[V], str] | None = None
    layout: Callable[[Any, S | None], Any] | None = None
    layout_type: type | None = None
    bots: Mapping[str, str | Callable[[], object]] = attrs.field(factory=dict)
    action_table: Callable[[C], Sequence[Any]] | None = None
    observation: Callable[[C], Any] | None = None
    score_scale: float = 1.0
    describe_action: Callable[[Any, Seat, A], str] | None = None
    # one game object per rules version, made once: the registry, the package's GAMES
    # and every caller share the same objects
    _games: tuple[RulesGame[S, A, V, C, R], ...] = attrs.field(
        init=False, eq=False, repr=False, default=()
    )

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_games", tuple(RulesGame(self, r) for r in self.rules))
        if self.setup_type is not None:
            params = inspect.signature(self.setup).parameters
            if len(params) < 4:
                raise KitError(
                    f"{self.info.id}: a game with a setup_type takes it as "
                    "setup(rng, config, rules, fixed)"
                )

    def games(self) -> tuple[RulesGame[S, A, V, C, R], ...]:
        """One game per rules version, oldest first (a package's ``GAMES``)."""
        return self._games

    def describe(self, subject: S | V, seat: Seat, action: A) -> str:
        """``action`` of ``seat`` in the game's own words, as ``subject`` (the state it
        is played in, or a view of it: what the reader may know) shows the table: the
        ``describe_action`` hook, or without one the generic ``step(to=13)`` form
        (:func:`islandgames.core.notation.describe_action`, what ``parse_action``
        reads)."""
        hook = self.describe_action
        if hook is None:
            return generic_words(action)
        return hook(subject, seat, action)


class RulesGame(Game[S, A, V, C], Generic[S, A, V, C, R]):
    """A game's :class:`Definition` under one rules version: the engine contract,
    shareable across threads. Its answers depend on their arguments alone; it keeps one
    explicit cache entry, the last ``legal_actions`` answer (state, seat, actions), a
    single tuple stored and read in one step (see :meth:`apply`). ``legal_actions`` and
    ``view`` refuse a seat that is no seat of the state (``view`` also takes None, a
    spectator) with a :class:`~islandgames.core.errors.SeatOutOfRangeError`."""

    def __init__(self, definition: Definition[S, A, V, C, R], rules: R) -> None:
        self.definition = d = definition
        self.rules = rules
        self.info = attrs.evolve(d.info, rules_version=rules.version)
        self.state_type = d.state_type(rules)
        self.action_type = d.action_type
        self.view_type = d.view_type
        self.config_type = d.config_type
        self.setup_type = d.setup_type
        self._action_classes = action_classes(d.action_type)
        self._seat_count = d.seat_count
        # the last legal_actions answer: (state, seat, actions); see apply
        self._last_legal: tuple[Any, int, tuple[Any, ...]] | None = None

    def check_config(self, config: C) -> None:
        self.definition.check_config(config)

    def _new(self, rng: Rng, config: C) -> S:
        return self.definition.setup(rng, config, self.rules)

    def _new_with_setup(self, rng: Rng, config: C, setup: Any) -> S:
        with_fixed = cast(Callable[[Rng, C, R, Any], S], self.definition.setup)
        return with_fixed(rng, config, self.rules, setup)  # checked in Definition

    def seat_count(self, state: S) -> int:
        return self.definition.seat_count(state)

    def role(self, state: S, seat: Seat) -> str:
        return self.definition.role(state, seat)

    def to_act(self, state: S) -> tuple[Seat, ...]:
        return self.definition.to_act(state)

    def legal_actions(self, state: S, seat: Seat) -> tuple[A, ...]:
        # one class test and one comparison on the hot path; the rest only on a miss
        if seat.__class__ is not int or not 0 <= seat < self._seat_count(state):
            problem = seat_error(self, state, seat, spectator=False)
            if problem is not None:
                raise problem
        legal = self.definition.legal_actions(state, seat, self.rules)
        self._last_legal = (state, seat, legal)  # one store: atomic across threads
        return legal

    def apply(self, state: S, seat: Seat, action: A) -> S:
        """As :meth:`Game.apply`; an action that is the very object the last
        ``legal_actions`` returned for this very state and seat needs no re-check (the
        random playouts and bots of every game play such actions)."""
        memo = self._last_legal
        if memo is not None and memo[0] is state and memo[1] == seat and type(seat) is int:
            for legal in memo[2]:
                if legal is action:  # (the rules' apply called directly: the hot path)
                    return self.definition.apply(state, seat, action, self.rules)
        return super().apply(state, seat, action)

    def is_legal(self, state: S, seat: Seat, action: A) -> bool:
        check = self.definition.is_legal
        if check is None:
            return action in self.definition.legal_actions(state, seat, self.rules)
        return check(state, seat, action, self.rules)

    def _apply(self, state: S, seat: Seat, action: A) -> S:
        return self.definition.apply(state, seat, action, self.rules)

    def view(self, state: S, seat: Seat | None) -> V:
        if seat is not None and (
            seat.__class__ is not int or not 0 <= seat < self._seat_count(state)
        ):
            problem = seat_error(self, state, seat, spectator=True)
            if problem is not None:
                raise problem
        return self.definition.view(state, seat, self.rules)

    def outcome(self, state: S) -> Outcome | None:
        return self.definition.outcome(state)

    def resample_hidden(self, state: S, seat: Seat | None, rng: Rng) -> S:
        return self.definition.resample_hidden(state, seat, rng)

    def sample_state(self, view: V, seat: Seat | None, rng: Rng) -> S:
        sample = self.definition.sample_state
        if sample is None:
            return super().sample_state(view, seat, rng)
        return sample(view, seat, rng, self.rules)

    def redact_action(
        self, before: S, seat: Seat, action: A, viewer: Seat | None, now: S
    ) -> A | None:
        redact = self.definition.redact_action
        if redact is None:
            return action
        return redact(before, seat, action, viewer, now, self.rules)

    def check_state(self, state: S) -> None:
        if type(state) is not self.state_type:
            raise ValueError(
                f"a {self.info.id} rules {self.rules.version} state is a "
                f"{self.state_type.__name__}, got a {type(state).__name__}"
            )
        self.definition.check_state(state, self.rules)
