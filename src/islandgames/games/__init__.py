"""The four games, one package each (state, actions, data, rules, view)."""
