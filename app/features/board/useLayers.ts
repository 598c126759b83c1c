import { useCallback, useRef, useState } from 'react';
import { FIRST_LAYER } from './boardGeometry';

/**
 * spec §4/§9: a click or drag brings a widget to the front; the layer counter starts at 10 and
 * rises by one each time. Layers are this screen's own (not saved): the front is wherever you
 * last worked.
 */
export function useLayers() {
  const counter = useRef(FIRST_LAYER);
  const [layers, setLayers] = useState<Record<string, number>>({});

  const bringToFront = useCallback((id: string) => {
    setLayers((current) => {
      if (current[id] !== undefined && current[id] === counter.current) return current;
      counter.current += 1;
      return { ...current, [id]: counter.current };
    });
  }, []);

  const layerOf = (id: string) => layers[id] ?? FIRST_LAYER;
  return { layerOf, bringToFront };
}
