import { PencilRuler } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { WidgetLoading } from '@/features/board/WidgetStates';
import type { ClientFeature, WidgetBodyProps } from '@/features/feature';
import { PLAN_LIMITS } from '../../../shared/plans';

// Issue #22: a board without a whiteboard (every trip's first board) loads none of its code.
const WhiteboardWidget = lazy(() =>
  import('./WhiteboardWidget').then((module) => ({ default: module.WhiteboardWidget })),
);

function LazyWhiteboardWidget(props: WidgetBodyProps) {
  return (
    <Suspense fallback={<WidgetLoading label="Loading the whiteboard" />}>
      <WhiteboardWidget {...props} />
    </Suspense>
  );
}

export const whiteboardFeature = {
  name: 'whiteboard',
  widgets: [
    {
      type: 'whiteboard',
      name: 'Whiteboard',
      description: 'Sketch plans together',
      icon: PencilRuler,
      paidPlan: {
        allowed: (plan) => PLAN_LIMITS[plan].whiteboard,
        note: 'Whiteboards come with Premium and Pro.',
      },
      removalWarning:
        'The drawing on it is deleted for everyone on this trip, and cannot be brought back.',
      Body: LazyWhiteboardWidget,
    },
  ],
} satisfies ClientFeature;
