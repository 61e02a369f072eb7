// The Validate layer.
