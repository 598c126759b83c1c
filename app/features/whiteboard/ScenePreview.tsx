import { type ReactNode, useId, useLayoutEffect, useRef, useState } from 'react';
import { whiteboardFilePath } from '../../../shared/contracts/whiteboard';

type Element = Record<string, unknown>;
type Point = [number, number];

const num = (value: unknown, fallback = 0) =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;
const str = (value: unknown, fallback: string) => (typeof value === 'string' ? value : fallback);
const pointsOf = (element: Element): Point[] =>
  Array.isArray(element.points)
    ? element.points.filter(
        (point): point is Point =>
          Array.isArray(point) && Number.isFinite(point[0]) && Number.isFinite(point[1]),
      )
    : [];

/** The area the drawing covers, in scene coordinates (rotation ignored: a preview, not a render). */
export function sceneBounds(elements: readonly Element[]) {
  let [minX, minY, maxX, maxY] = [
    Number.POSITIVE_INFINITY,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
  ];
  for (const element of elements) {
    const x = num(element.x);
    const y = num(element.y);
    const points = pointsOf(element);
    const corners: Point[] = points.length
      ? points.map(([px, py]) => [x + px, y + py])
      : [
          [x, y],
          [x + num(element.width), y + num(element.height)],
        ];
    for (const [cx, cy] of corners) {
      minX = Math.min(minX, cx);
      minY = Math.min(minY, cy);
      maxX = Math.max(maxX, cx);
      maxY = Math.max(maxY, cy);
    }
  }
  if (!Number.isFinite(minX)) return null;
  return { x: minX, y: minY, width: maxX - minX, height: maxY - minY };
}

type Bounds = { x: number; y: number; width: number; height: number };

/** The smallest area holding both. */
function union(a: Bounds, b: Bounds): Bounds {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return {
    x,
    y,
    width: Math.max(a.x + a.width, b.x + b.width) - x,
    height: Math.max(a.y + a.height, b.y + b.height) - y,
  };
}

/**
 * The area of the texts as this preview draws them. A text's stored box is as Excalidraw measured
 * it, in its own font; here it is drawn in the system's, which can run wider: framed by the box
 * alone, its end would be cut off. Measured once drawn (null where nothing is laid out: tests).
 */
function useDrawnTextBounds(elements: readonly Element[]) {
  const svgRef = useRef<SVGSVGElement>(null);
  const [drawn, setDrawn] = useState<Bounds | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again when the drawing changes
  useLayoutEffect(() => {
    let area: Bounds | null = null;
    for (const text of svgRef.current?.querySelectorAll('text') ?? []) {
      const { x, y, width, height } = text.getBBox();
      // Not laid out (no layout in tests), or a text with nothing to show.
      if (width === 0 && height === 0) continue;
      area = area ? union(area, { x, y, width, height }) : { x, y, width, height };
    }
    setDrawn((was) =>
      was && area && (['x', 'y', 'width', 'height'] as const).every((k) => was[k] === area[k])
        ? was
        : area,
    );
  }, [elements]);
  return { svgRef, drawn };
}

/**
 * One element as SVG: the shapes, lines, strokes, text and pictures of a scene, drawn plainly
 * (no hand-drawn look). The editor itself (Excalidraw) loads only when the whiteboard is opened.
 */
function shapeOf(
  element: Element,
  pictureUrl: (fileId: string) => string,
  arrowId: string,
): ReactNode {
  const x = num(element.x);
  const y = num(element.y);
  const width = num(element.width);
  const height = num(element.height);
  const stroke = str(element.strokeColor, '#1e1e1e');
  const background = str(element.backgroundColor, 'transparent');
  const common = {
    stroke,
    fill: background === 'transparent' ? 'none' : background,
    strokeWidth: num(element.strokeWidth, 2),
    opacity: num(element.opacity, 100) / 100,
    strokeLinecap: 'round' as const,
    strokeLinejoin: 'round' as const,
    transform: element.angle
      ? `rotate(${(num(element.angle) * 180) / Math.PI} ${x + width / 2} ${y + height / 2})`
      : undefined,
    'data-element-type': str(element.type, ''),
  };
  switch (element.type) {
    case 'rectangle':
    case 'frame':
    case 'magicframe':
    case 'embeddable':
    case 'iframe':
      return (
        <rect
          {...common}
          x={x}
          y={y}
          width={width}
          height={height}
          rx={element.roundness ? Math.min(width, height) * 0.1 : 0}
          strokeDasharray={element.type === 'rectangle' ? undefined : '8 6'}
        />
      );
    case 'ellipse':
      return (
        <ellipse
          {...common}
          cx={x + width / 2}
          cy={y + height / 2}
          rx={width / 2}
          ry={height / 2}
        />
      );
    case 'diamond':
      return (
        <polygon
          {...common}
          points={`${x + width / 2},${y} ${x + width},${y + height / 2} ${x + width / 2},${y + height} ${x},${y + height / 2}`}
        />
      );
    case 'line':
    case 'arrow':
    case 'freedraw': {
      const points = pointsOf(element).map(([px, py]) => `${x + px},${y + py}`);
      return (
        <polyline
          {...common}
          fill="none"
          points={points.join(' ')}
          markerEnd={element.type === 'arrow' ? `url(#${arrowId})` : undefined}
        />
      );
    }
    case 'text': {
      const fontSize = num(element.fontSize, 20);
      const align = str(element.textAlign, 'left');
      const anchorX = align === 'center' ? x + width / 2 : align === 'right' ? x + width : x;
      return (
        <text
          data-element-type="text"
          x={anchorX}
          y={y}
          fill={stroke}
          fontSize={fontSize}
          fontFamily="ui-sans-serif, system-ui, sans-serif"
          textAnchor={align === 'center' ? 'middle' : align === 'right' ? 'end' : 'start'}
          opacity={common.opacity}
          transform={common.transform}
        >
          {str(element.text, '')
            .split('\n')
            .map((line, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: lines of one text, in order
              <tspan key={i} x={anchorX} dy={i === 0 ? fontSize : fontSize * 1.25}>
                {line}
              </tspan>
            ))}
        </text>
      );
    }
    case 'image':
      return typeof element.fileId === 'string' ? (
        <image
          data-element-type="image"
          href={pictureUrl(element.fileId)}
          x={x}
          y={y}
          width={width}
          height={height}
          preserveAspectRatio="none"
          opacity={common.opacity}
          transform={common.transform}
        />
      ) : null;
    default:
      return null;
  }
}

type Props = {
  tripId: string;
  widgetId: string;
  elements: readonly Element[];
  label: string;
};

/** A whiteboard's drawing, small, on white paper as it is drawn (issue #22). */
export function ScenePreview({ tripId, widgetId, elements, label }: Props) {
  const arrowId = useId();
  const { svgRef, drawn } = useDrawnTextBounds(elements);
  const visible = elements.filter((element) => !element.isDeleted);
  const stored = sceneBounds(visible);
  if (!stored) return null;
  const bounds = drawn ? union(stored, drawn) : stored;
  const pad = Math.max(20, Math.max(bounds.width, bounds.height) * 0.05);
  const viewBox = [
    bounds.x - pad,
    bounds.y - pad,
    bounds.width + pad * 2,
    bounds.height + pad * 2,
  ].join(' ');
  const pictureUrl = (fileId: string) => whiteboardFilePath(tripId, widgetId, fileId);
  return (
    <svg
      ref={svgRef}
      role="img"
      aria-label={label}
      viewBox={viewBox}
      preserveAspectRatio="xMidYMid meet"
      className="size-full"
    >
      <defs>
        <marker
          id={arrowId}
          viewBox="0 0 10 10"
          refX="9"
          refY="5"
          markerWidth="6"
          markerHeight="6"
          orient="auto-start-reverse"
        >
          <path d="M0,0 L10,5 L0,10" fill="none" stroke="context-stroke" strokeWidth="1.5" />
        </marker>
      </defs>
      {visible.map((element) => (
        <g key={String(element.id)}>{shapeOf(element, pictureUrl, arrowId)}</g>
      ))}
    </svg>
  );
}
