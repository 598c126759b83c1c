import type { Session } from '../../platform/db/schema';
import { deleteSession } from '../../platform/sessions';
import type { ChangeContext } from '../realtime';

/** Ends this browser's session on the server, and the live connections it opened. */
export async function logout({ db, live }: ChangeContext, session: Session) {
  await deleteSession(db, session.id);
  live.disconnect({ sessionId: session.id });
}
