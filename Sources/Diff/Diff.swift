// The Diff layer.
