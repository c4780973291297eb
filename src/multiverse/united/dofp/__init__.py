"""Days of Future Past: the Sentinels, the Activation Protocol, Nimrod, solo (DFP-*)."""
