// The Render layer.
