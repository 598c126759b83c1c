import { Plane } from 'lucide-react';
import type { ClientFeature } from '@/features/feature';
import { FlightWidget } from './FlightWidget';
import { flightKeys, flightLive } from './flightCache';
import { flightMutations } from './useFlights';

export const flightsFeature = {
  name: 'flights',
  widgets: [
    {
      type: 'flight',
      name: 'Flight Details',
      description: 'Manage your flight information',
      icon: Plane,
      Body: FlightWidget,
    },
  ],
  lists: { flights: flightLive },
  restored: { 'flight.deleted': flightKeys.list },
  mutations: flightMutations,
} satisfies ClientFeature;
