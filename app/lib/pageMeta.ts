import { useEffect } from 'react';
import { APP_NAME } from '../../shared/constants';

/**
 * Gives a page its own document title and meta description (search results and tabs show them).
 * index.html carries the landing page's, so a first load without JavaScript still has both.
 */
export function usePageMeta(title: string, description: string) {
  useEffect(() => {
    document.title = title.includes(APP_NAME) ? title : `${title} · ${APP_NAME}`;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description;
  }, [title, description]);
}
