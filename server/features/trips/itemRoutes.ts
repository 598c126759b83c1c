import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { okResponse } from '../../../shared/contracts/auth';
import { errorOf } from '../../../shared/contracts/errors';
import { tripParams } from '../../../shared/contracts/trips';
import type { Db } from '../../platform/db/client';
import { type ChangeContext, changeContext } from '../live';
import { itemOf, tripAccessOf, tripMember } from './access';
import type { TripItemTable } from './items';

/** What one list of a trip's things does; each takes the trip the caller was checked against. */
export interface TripItemService<Item, Create, Update> {
  list(db: Db, tripId: string): Promise<Item[]>;
  create(context: ChangeContext, tripId: string, body: Create): Promise<Item>;
  update(context: ChangeContext, tripId: string, id: string, body: Update): Promise<Item>;
  remove(context: ChangeContext, tripId: string, id: string): Promise<void>;
}

export interface TripItemRoutes<
  ItemSchema extends z.ZodType,
  CreateSchema extends z.ZodType,
  UpdateSchema extends z.ZodType,
> {
  /** The plural in both paths: /api/trips/:tripId/<name> and /api/<name>/:id. */
  name: string;
  tag: string;
  /** The table the items live in, and what an id that is not on the caller's trips answers. */
  table: TripItemTable;
  notFound: string;
  /** Widget ids are `<type><time>`, not UUIDs. */
  uuid?: boolean;
  schemas: {
    item: ItemSchema;
    list: z.ZodType<z.infer<ItemSchema>[]>;
    create: CreateSchema;
    update: UpdateSchema;
    /** `{ id }`, validated as the contract says (a malformed id answers 404). */
    params: z.ZodObject<{ id: z.ZodType<string> }>;
  };
  /** The OpenAPI summaries (and, where there is more to say, descriptions) of the four routes. */
  docs: Record<'list' | 'create' | 'update' | 'remove', { summary: string; description?: string }>;
  service: TripItemService<z.infer<ItemSchema>, z.infer<CreateSchema>, z.infer<UpdateSchema>>;
}

/**
 * The four routes of a list that belongs to a trip — to-dos, flights, the board's widgets, and
 * the lists to come: list and add under the trip, change and remove by the item's own id. Any
 * member may do all four; an item of a trip the caller is not on answers like a missing one.
 */
export function registerTripItemRoutes<
  ItemSchema extends z.ZodType,
  CreateSchema extends z.ZodType,
  UpdateSchema extends z.ZodType,
>(
  app: FastifyInstance,
  db: Db,
  {
    name,
    tag,
    table,
    notFound,
    uuid,
    schemas,
    docs,
    service,
  }: TripItemRoutes<ItemSchema, CreateSchema, UpdateSchema>,
) {
  // The type provider cannot see through these generic schemas, so the handlers name what the
  // schemas have already validated; TripItemRoutes ties each service to its schemas.
  type Create = z.infer<CreateSchema>;
  type Update = z.infer<UpdateSchema>;
  type ById = { Params: { id: string } };
  const tags = [tag];
  const member = tripMember();
  const itemMember = tripMember(itemOf(table, notFound, { uuid: uuid ?? true }));

  app.get(
    `/api/trips/:tripId/${name}`,
    {
      config: { access: member },
      schema: { tags, ...docs.list, params: tripParams, response: { 200: schemas.list } },
    },
    async (request) => service.list(db, tripAccessOf(request).trip.id),
  );

  app.post<{ Reply: unknown }>(
    `/api/trips/:tripId/${name}`,
    {
      config: { access: member },
      schema: {
        tags,
        ...docs.create,
        params: tripParams,
        body: schemas.create,
        // Issue #37: a client-chosen `id` that is another trip's item, or another person's.
        response: { 201: schemas.item, 409: errorOf('id_taken') },
      },
    },
    async (request, reply) => {
      const { trip } = tripAccessOf(request);
      reply.code(201);
      return service.create(changeContext(request), trip.id, request.body as Create);
    },
  );

  app.patch<ById>(
    `/api/${name}/:id`,
    {
      config: { access: itemMember },
      schema: {
        tags,
        ...docs.update,
        params: schemas.params,
        body: schemas.update,
        response: { 200: schemas.item },
      },
    },
    async (request) =>
      service.update(
        changeContext(request),
        tripAccessOf(request).trip.id,
        request.params.id,
        request.body as Update,
      ),
  );

  app.delete<ById>(
    `/api/${name}/:id`,
    {
      config: { access: itemMember },
      schema: { tags, ...docs.remove, params: schemas.params, response: { 200: okResponse } },
    },
    async (request) => {
      const { trip } = tripAccessOf(request);
      await service.remove(changeContext(request), trip.id, request.params.id);
      return { success: true as const };
    },
  );
}
