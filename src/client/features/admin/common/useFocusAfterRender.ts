import { useEffect, useState } from 'react';

/**
 * Puts the cursor in an element once the next render has made or moved it (a field of an item just
 * added, a Move button React moved): call with its id, and it takes focus once it is in the page.
 */
export function useFocusAfterRender(): (elementId: string) => void {
  const [target, setTarget] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (!target) return;
    document.getElementById(target)?.focus();
    setTarget(undefined);
  }, [target]);
  return setTarget;
}
