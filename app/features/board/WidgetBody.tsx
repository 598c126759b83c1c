import { lazy, Suspense } from 'react';
import { WidgetLoading } from '@/features/board/WidgetStates';
import { CountdownWidget } from '@/features/countdown/CountdownWidget';
import { FlightWidget } from '@/features/flights/FlightWidget';
import { PhotoWidget } from '@/features/media/PhotoWidget';
import { PollWidget } from '@/features/polls/PollWidget';
import type { LiveTrip } from '@/features/realtime/useLiveTrip';
import { FlightSearchWidget } from '@/features/search/FlightSearchWidget';
import { StaysWidget } from '@/features/search/StaysWidget';
import { TodoWidget } from '@/features/todos/TodoWidget';
import { WeatherWidget } from '@/features/weather/WeatherWidget';
import type { WidgetDto } from '../../../shared/contracts/board';
import type { TripDto } from '../../../shared/contracts/trips';

type Props = {
  widget: WidgetDto;
  trip: TripDto;
  expanded: boolean;
  /** The trip's live room, for the widgets that speak on it themselves (the whiteboard). */
  live?: LiveTrip;
  onExpand: () => void;
};

// Issue #22: a board without a whiteboard (every trip's first board) loads none of its code.
const WhiteboardWidget = lazy(() =>
  import('@/features/whiteboard/WhiteboardWidget').then((module) => ({
    default: module.WhiteboardWidget,
  })),
);

/** What goes inside a widget's frame, by type. Each type's feature folder owns its body. */
export function WidgetBody({ widget, trip, expanded, live, onExpand }: Props) {
  switch (widget.type) {
    case 'countdown':
      return <CountdownWidget widget={widget} trip={trip} expanded={expanded} />;
    case 'flight':
      return <FlightWidget trip={trip} expanded={expanded} />;
    case 'weather':
      return <WeatherWidget widget={widget} trip={trip} expanded={expanded} />;
    case 'todo':
      return <TodoWidget trip={trip} expanded={expanded} />;
    case 'photo':
      return <PhotoWidget trip={trip} expanded={expanded} />;
    case 'poll':
      return <PollWidget trip={trip} expanded={expanded} />;
    case 'flightSearch':
      return <FlightSearchWidget trip={trip} expanded={expanded} />;
    case 'stays':
      return <StaysWidget trip={trip} expanded={expanded} />;
    case 'whiteboard':
      return (
        <Suspense fallback={<WidgetLoading label="Loading the whiteboard" />}>
          <WhiteboardWidget
            widget={widget}
            trip={trip}
            expanded={expanded}
            live={live}
            onExpand={onExpand}
          />
        </Suspense>
      );
  }
}
