import { BedDouble, PlaneTakeoff } from 'lucide-react';
import type { ClientFeature } from '@/features/feature';
import { FlightSearchWidget } from './FlightSearchWidget';
import { StaysWidget } from './StaysWidget';
import { searchLive } from './searchCache';
import { searchMutations } from './useSearch';

/** Searching flights and stays together (what they find goes on the shortlist). */
export const searchFeature = {
  name: 'search',
  widgets: [
    {
      type: 'flightSearch',
      name: 'Flight Search',
      description: 'Search flights together',
      icon: PlaneTakeoff,
      Body: FlightSearchWidget,
    },
    {
      type: 'stays',
      name: 'Stays',
      description: 'Find a place to stay together',
      icon: BedDouble,
      Body: StaysWidget,
    },
  ],
  lists: { searches: searchLive },
  mutations: searchMutations,
} satisfies ClientFeature;
