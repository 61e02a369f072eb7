// The Template layer.
