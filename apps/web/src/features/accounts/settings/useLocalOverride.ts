import { useState } from 'react';

/**
 * A controlled input must show the user's choice in the same event, or React puts the old value
 * back until the (asynchronous) optimistic cache update lands. This holds the choice locally
 * while its save runs; `settle` hands control back to the server's value.
 */
export function useLocalOverride<T>(serverValue: T) {
  const [override, setOverride] = useState<{ value: T } | null>(null);
  return {
    value: override ? override.value : serverValue,
    choose: (value: T) => setOverride({ value }),
    settle: () => setOverride(null),
  };
}
