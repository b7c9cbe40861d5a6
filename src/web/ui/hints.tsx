import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Alert } from './alert';

interface Hints {
  set(id: string, text: string | null): void;
}

const HintsContext = createContext<Hints | null>(null);

/** Collects the load failures of a page's tiles, so they are listed in one box. */
export function HintsProvider({ children }: { children: ReactNode }) {
  const [hints, setHints] = useState<Record<string, string>>({});
  const set = useCallback((id: string, text: string | null) => {
    setHints((h) => {
      if (text === null) {
        if (!(id in h)) return h;
        const next = { ...h };
        delete next[id];
        return next;
      }
      return h[id] === text ? h : { ...h, [id]: text };
    });
  }, []);
  const api = useMemo(() => ({ set }), [set]);
  return (
    <HintsContext.Provider value={api}>
      <HintsList.Provider value={hints}>{children}</HintsList.Provider>
    </HintsContext.Provider>
  );
}

const HintsList = createContext<Record<string, string>>({});

/** Reports a tile's load failure (or its recovery with null) to the hints box. */
export function useHint(id: string, text: string | null) {
  const hints = useContext(HintsContext);
  useEffect(() => {
    hints?.set(id, text);
    return () => hints?.set(id, null);
  }, [hints, id, text]);
}

export function HintsBox({ title }: { title: string }) {
  const hints = Object.values(useContext(HintsList));
  if (hints.length === 0) return null;
  return (
    <Alert tone="info" title={title}>
      <ul className="list-disc pl-5">
        {hints.map((h) => (
          <li key={h}>{h}</li>
        ))}
      </ul>
    </Alert>
  );
}
