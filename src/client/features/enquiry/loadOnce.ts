/**
 * A module loaded on first need and then at hand: `current()` is undefined until it has arrived.
 * A failed load (no connection) is tried again at the next `load()`.
 */
export function loadOnce<Loaded>(load: () => Promise<Loaded>) {
  let loaded: Loaded | undefined;
  let loading: Promise<Loaded> | undefined;
  return {
    current: () => loaded,
    load(): Promise<Loaded> {
      loading ??= load().then(
        (value) => (loaded = value),
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
  };
}
