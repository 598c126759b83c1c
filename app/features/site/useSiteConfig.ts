import { useQuery } from '@tanstack/react-query';
import type { SiteConfig } from '../../../shared/contracts/site';

/** The contact addresses the server is configured with (SUPPORT_EMAIL, CAREERS_EMAIL, ...). */
export function useSiteConfig() {
  return useQuery<SiteConfig>({ queryKey: ['/api/site'] });
}
