import {
  BedDouble,
  CalendarClock,
  CloudSun,
  Image,
  ListTodo,
  type LucideIcon,
  PencilRuler,
  Plane,
  PlaneTakeoff,
  Vote,
} from 'lucide-react';
import type { Plan } from '../../../shared/contracts/account';
import type { WidgetType } from '../../../shared/contracts/board';
import { PLAN_LIMITS } from '../../../shared/plans';

export type WidgetKind = {
  type: WidgetType;
  /** The Add Widget dialog's name and description (spec §2). */
  name: string;
  description: string;
  icon: LucideIcon;
  /** spec §9: default widths in px. */
  width: number;
  /** About how tall it stands on the board, for finding a new one a free place. */
  height: number;
  /**
   * Only on a trip whose owner's plan allows it (spec §9; the server refuses it otherwise), and
   * what upgrading would give, said where it is offered.
   */
  paidPlan?: { allowed: (plan: Plan) => boolean; note: string };
  /**
   * spec §9: the weather widget widens to 300 px once its data is in. The body marks that moment
   * with a `data-widget-loaded` element and the frame's CSS does the rest.
   */
  loadedWidth?: number;
};

/** The widget types in the Add Widget dialog's order: spec §2's five, then issues #21's and #22's. */
export const WIDGET_KINDS: readonly WidgetKind[] = [
  {
    type: 'countdown',
    name: 'Countdown Timer',
    description: 'Track the time left until your trip',
    icon: CalendarClock,
    width: 280,
    height: 230,
  },
  {
    type: 'flight',
    name: 'Flight Details',
    description: 'Manage your flight information',
    icon: Plane,
    width: 350,
    height: 300,
  },
  {
    type: 'weather',
    name: 'Weather Widget',
    description: 'View forecast for your destination',
    icon: CloudSun,
    width: 250,
    height: 290,
    loadedWidth: 300,
  },
  {
    type: 'todo',
    name: 'Group To-Do List',
    description: 'Collaborate on travel tasks',
    icon: ListTodo,
    width: 320,
    height: 420,
  },
  {
    type: 'photo',
    name: 'Photo Carousel',
    description: 'Browse destination photos',
    icon: Image,
    width: 400,
    height: 330,
  },
  {
    type: 'flightSearch',
    name: 'Flight Search',
    description: 'Search flights together',
    icon: PlaneTakeoff,
    width: 360,
    height: 440,
  },
  {
    type: 'stays',
    name: 'Stays',
    description: 'Find a place to stay together',
    icon: BedDouble,
    width: 360,
    height: 440,
  },
  {
    type: 'poll',
    name: 'Poll',
    description: 'Vote on dates, places, anything',
    icon: Vote,
    width: 320,
    height: 400,
  },
  {
    type: 'whiteboard',
    name: 'Whiteboard',
    description: 'Sketch plans together',
    icon: PencilRuler,
    width: 400,
    height: 330,
    paidPlan: {
      allowed: (plan) => PLAN_LIMITS[plan].whiteboard,
      note: 'Whiteboards come with Premium and Pro.',
    },
  },
];

export function widgetKind(type: WidgetType): WidgetKind {
  // Every WidgetType has an entry; the contract and this list change together.
  return WIDGET_KINDS.find((kind) => kind.type === type)!;
}

/** spec §4: an added widget starts at top 100, left 100. */
export const NEW_WIDGET_POSITION = { top: 100, left: 100 } as const;
