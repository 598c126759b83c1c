import type { SessionRow } from '../../platform/db/schema';
import { deleteSession } from '../../platform/sessions';
import type { ChangeContext } from '../live';

/** Ends this browser's session on the server, and the live connections it opened. */
export async function logout({ db, live }: ChangeContext, session: SessionRow) {
  await deleteSession(db, session.id);
  live.disconnect({ sessionId: session.id });
}
