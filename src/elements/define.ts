// Registers the elements. The only module of the package with a side effect.
export {};
