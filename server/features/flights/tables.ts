import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamps, trips, users } from '../../platform/db/schema';

/**
 * spec §3 Flight, real rather than sample data. Times keep the offset they were given in
 * (`2026-12-20T08:30:00+08:00`), so each shows in its airport's local time.
 */
export const flights = pgTable(
  'flights',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tripId: uuid('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    flightNumber: text('flight_number').notNull(),
    departureAirport: text('departure_airport').notNull(),
    departureTime: text('departure_time').notNull(),
    arrivalAirport: text('arrival_airport').notNull(),
    arrivalTime: text('arrival_time').notNull(),
    stops: integer('stops').notNull().default(0),
    /** The member who takes this flight, if it is not the whole group's. */
    travellerId: uuid('traveller_id').references(() => users.id, { onDelete: 'set null' }),
    /** Who added it (issue #37: a create sent again by them answers it); null: the server's own. */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [index('flights_trip_idx').on(table.tripId)],
);

export type FlightRow = typeof flights.$inferSelect;
