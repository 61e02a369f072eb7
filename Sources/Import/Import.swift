// The Import layer.
