import { Quote } from 'lucide-react';
import { cn } from '@/lib/utils';
import { SectionHeading } from './SectionHeading';
import { StarRating } from './StarRating';

type Testimonial = {
  name: string;
  trip: string;
  quote: string;
  rating: number;
  /** Initials-avatar colour: no photos, nothing fetched from elsewhere. */
  avatarClass: string;
};

// spec §2: three testimonials rated 5, 4.5 and 5; spec §3: display-only sample content.
const TESTIMONIALS: readonly Testimonial[] = [
  {
    name: 'Priya Nair',
    trip: 'Lisbon, six friends',
    quote:
      'We used to lose every flight option in a 300-message group chat. This time we compared fares together on one call and booked in an evening.',
    rating: 5,
    avatarClass: 'bg-pink-700',
  },
  {
    name: 'Marcus Chen',
    trip: 'Bali family reunion, nine travellers',
    quote:
      'Getting three generations to agree on a villa felt impossible. Seeing everyone’s cursor on the same listing made it easy. Grandma joined from her tablet.',
    rating: 4.5,
    avatarClass: 'bg-sky-700',
  },
  {
    name: 'Sofia Rossi',
    trip: 'Patagonia trek, four friends',
    quote:
      'The countdown and the shared to-do list kept us honest. Every “who’s booking the bus?” had a name next to it long before we left.',
    rating: 5,
    avatarClass: 'bg-emerald-700',
  },
];

const initialsOf = (name: string) =>
  name
    .split(' ')
    .map((part) => part.charAt(0))
    .join('');

export function TestimonialsSection() {
  return (
    <section
      id="testimonials"
      aria-labelledby="testimonials-title"
      className="scroll-mt-20 border-y border-border/60 bg-muted/40 px-4 py-16 sm:px-6 sm:py-20 md:py-28"
    >
      <div className="mx-auto max-w-6xl">
        <SectionHeading
          id="testimonials-title"
          eyebrow="Testimonials"
          title="Groups that planned it together"
        >
          What beta testers say after their first trip with Tripmates.
        </SectionHeading>
        <ul className="mt-14 grid gap-6 md:grid-cols-3">
          {TESTIMONIALS.map((testimonial) => (
            <li key={testimonial.name}>
              <figure className="flex h-full flex-col rounded-2xl border border-border bg-card p-6 shadow-sm sm:p-7">
                <div className="flex items-center justify-between">
                  <StarRating rating={testimonial.rating} />
                  <Quote aria-hidden className="size-6 text-primary/40" />
                </div>
                <blockquote className="mt-5 flex-1 leading-relaxed text-card-foreground">
                  <p>“{testimonial.quote}”</p>
                </blockquote>
                <figcaption className="mt-6 flex items-center gap-3">
                  <span
                    aria-hidden
                    className={cn(
                      'flex size-10 items-center justify-center rounded-full text-sm font-semibold text-white',
                      testimonial.avatarClass,
                    )}
                  >
                    {initialsOf(testimonial.name)}
                  </span>
                  <span>
                    <span className="block font-semibold">{testimonial.name}</span>
                    <span className="block text-sm text-muted-foreground">{testimonial.trip}</span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
