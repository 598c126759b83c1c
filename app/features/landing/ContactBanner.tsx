import { LifeBuoy, Mail } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useSiteConfig } from '@/features/site/useSiteConfig';
import { Link } from '@/lib/router';

/** The contact banner (spec §2 Landing page), with the support address the server is set up with. */
export function ContactBanner() {
  const { data: site } = useSiteConfig();
  return (
    <section
      id="contact"
      aria-labelledby="contact-title"
      className="scroll-mt-20 px-4 py-16 sm:px-6 sm:py-20 md:py-28"
    >
      <div className="relative mx-auto max-w-5xl overflow-hidden rounded-3xl bg-gradient-to-br from-sky-700 via-indigo-700 to-fuchsia-800 px-6 py-12 text-center text-white shadow-2xl sm:px-12 md:py-16">
        <div
          aria-hidden
          className="absolute -top-24 -right-24 size-72 rounded-full bg-white/10 blur-3xl"
        />
        <div
          aria-hidden
          className="absolute -bottom-28 -left-16 size-72 rounded-full bg-amber-300/15 blur-3xl"
        />
        <div className="relative">
          <h2 id="contact-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
            Questions before your first trip?
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-base text-white/85 sm:text-lg">
            Our team answers every message, usually within a day.
          </p>
          <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
            {/* Sized before the address arrives, so nothing moves when it does. */}
            <div className="flex h-11 w-full max-w-xs items-center justify-center sm:w-72">
              {site && (
                <Button
                  asChild
                  size="lg"
                  className="h-11 w-full bg-white text-slate-900 hover:bg-white/90"
                >
                  <a href={`mailto:${site.supportEmail}`}>
                    <Mail aria-hidden />
                    <span className="truncate">{site.supportEmail}</span>
                  </a>
                </Button>
              )}
            </div>
            <Button
              asChild
              size="lg"
              variant="outline"
              className="h-11 w-full max-w-xs border-white/40 bg-transparent text-white hover:bg-white/10 hover:text-white sm:w-auto"
            >
              <Link to="/help">
                <LifeBuoy aria-hidden />
                Visit the Help Center
              </Link>
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}
