// The users table's picture cell: the account's picture (fetched by the worker with the session's token and
// shown as a data image: an <img> cannot send it), or their initials when there is none.
import { useEffect, useState } from 'react';
import { dataWorker } from '../../bridge/worker';
import { Avatar } from '../account/Avatar';

/** Pictures of this session, by user id (a page back and forth does not fetch them again). */
const seen = new Map<string, Promise<string | null>>();

export function UserPicture({ id, name }: { id: string; name: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let stale = false;
    let picture = seen.get(id);
    if (!picture) {
      // A failure shows the initials and is tried again on the next page view.
      picture = dataWorker.userPicture(id).catch(() => {
        seen.delete(id);
        return null;
      });
      seen.set(id, picture);
    }
    void picture.then((url) => {
      if (!stale) setSrc(url);
    });
    return () => {
      stale = true;
    };
  }, [id]);
  return <Avatar src={src} name={name} size={40} />;
}
