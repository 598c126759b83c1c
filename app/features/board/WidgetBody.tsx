import { CountdownWidget } from '@/features/countdown/CountdownWidget';
import { FlightWidget } from '@/features/flights/FlightWidget';
import { PhotoWidget } from '@/features/media/PhotoWidget';
import { PollWidget } from '@/features/polls/PollWidget';
import { FlightSearchWidget } from '@/features/search/FlightSearchWidget';
import { StaysWidget } from '@/features/search/StaysWidget';
import { TodoWidget } from '@/features/todos/TodoWidget';
import { WeatherWidget } from '@/features/weather/WeatherWidget';
import type { WidgetDto } from '../../../shared/contracts/board';
import type { TripDto } from '../../../shared/contracts/trips';

type Props = { widget: WidgetDto; trip: TripDto; expanded: boolean };

/** What goes inside a widget's frame, by type. Each type's feature folder owns its body. */
export function WidgetBody({ widget, trip, expanded }: Props) {
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
  }
}
