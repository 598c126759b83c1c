import { AudioLines, Check, CloudSun, Plane, Plus, Sun, Timer, UserPlus } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { POSTER_IMAGE } from './HeroBackground';

/*
 * A trip dashboard drawn in HTML and CSS, with sample data (spec §3): the widgets of spec §2
 * floating over the destination. On phones the widgets stack in a grid; from md up they float at
 * fixed spots, as on the real dashboard. It is a picture, so assistive technology gets one label.
 */

// Translucent but not blurred: seven backdrop filters cost phones noticeable paint time.
const glass = 'rounded-xl bg-slate-950/80 text-white shadow-2xl ring-1 ring-white/15';

function Widget({
  icon,
  title,
  className,
  children,
}: {
  icon: ReactNode;
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn(glass, 'p-3 md:absolute md:p-4', className)}>
      <div className="mb-2 flex items-center gap-1.5 text-[11px] font-semibold tracking-wide text-white/70 uppercase">
        {icon}
        {title}
      </div>
      {children}
    </div>
  );
}

function Cursor({ name, colour, className }: { name: string; colour: string; className?: string }) {
  return (
    <div className={cn('pointer-events-none absolute z-10 hidden md:block', className)}>
      <svg aria-hidden viewBox="0 0 16 16" className="size-5 drop-shadow" style={{ color: colour }}>
        <path d="M1 1l5.5 14 2-6 6-2z" fill="currentColor" stroke="white" strokeWidth="1.2" />
      </svg>
      <span
        className="ml-4 -mt-1 block w-max rounded-full px-2 py-0.5 text-[11px] font-semibold text-white shadow"
        style={{ backgroundColor: colour }}
      >
        {name}
      </span>
    </div>
  );
}

const COUNTDOWN = [
  { value: '23', unit: 'days' },
  { value: '04', unit: 'hrs' },
  { value: '12', unit: 'min' },
  { value: '09', unit: 'sec' },
];

// spec §9: the weather widget shows the first 4 forecast entries; Denpasar is the default city.
const FORECAST = [
  { day: 'Thu', temp: 30 },
  { day: 'Fri', temp: 29 },
  { day: 'Sat', temp: 31 },
  { day: 'Sun', temp: 28 },
];

const TODOS = [
  { text: 'Book the villa in Ubud', done: true, tag: 'Maya', tone: 'text-white/50' },
  { text: 'Exchange rupiah', done: false, tag: 'Due in 2 days', tone: 'text-red-300' },
  { text: 'Reef-safe sunscreen', done: false, tag: 'Leo', tone: 'text-white/60' },
];

const MEMBERS = [
  { initials: 'MK', className: 'bg-pink-700' },
  { initials: 'LO', className: 'bg-emerald-700' },
  { initials: 'SR', className: 'bg-amber-700' },
];

export function DashboardMockup() {
  return (
    <div
      role="img"
      aria-label="A Tripmates trip dashboard: countdown, flight, weather and to-do widgets floating over a beach at dusk, with Maya's and Leo's live cursors and an audio room in progress."
      className="relative overflow-hidden rounded-2xl border border-border bg-slate-900 shadow-2xl shadow-primary/10 md:aspect-[16/10] md:rounded-3xl"
    >
      <img
        src={POSTER_IMAGE}
        alt=""
        loading="lazy"
        className="absolute inset-0 size-full object-cover"
      />
      <div className="absolute inset-0 bg-slate-950/25" />

      <div className="relative grid grid-cols-2 gap-2.5 p-3 sm:gap-3 sm:p-4 md:block md:size-full md:p-0">
        <div
          className={cn(
            glass,
            'col-span-2 flex items-center justify-between gap-3 px-3 py-2 md:absolute md:inset-x-4 md:top-4',
          )}
        >
          <div className="flex min-w-0 items-center gap-2">
            <span className="flex -space-x-1">
              {MEMBERS.map((member) => (
                <span
                  key={member.initials}
                  className={cn(
                    'flex size-6 items-center justify-center rounded-full text-[9px] font-semibold ring-2 ring-slate-900',
                    member.className,
                  )}
                >
                  {member.initials}
                </span>
              ))}
            </span>
            <span className="truncate text-sm font-semibold">Bali with the crew</span>
          </div>
          <div className="flex shrink-0 items-center gap-1.5 text-[11px] font-medium">
            <span className="hidden items-center gap-1 rounded-md bg-white/10 px-2 py-1 sm:flex">
              <Plus className="size-3" /> Add Widget
            </span>
            <span className="flex items-center gap-1 rounded-md bg-sky-500/90 px-2 py-1 text-slate-950">
              <UserPlus className="size-3" /> Invite
            </span>
          </div>
        </div>

        <Widget
          icon={<Timer className="size-3.5" />}
          title="Countdown"
          className="col-span-2 md:top-[17%] md:left-[4%] md:w-[31%]"
        >
          <div className="grid grid-cols-4 gap-1.5 text-center">
            {COUNTDOWN.map((part) => (
              <div key={part.unit} className="rounded-lg bg-white/10 py-1.5">
                <div className="text-lg leading-none font-bold tabular-nums md:text-2xl">
                  {part.value}
                </div>
                <div className="mt-1 text-[10px] text-white/60">{part.unit}</div>
              </div>
            ))}
          </div>
        </Widget>

        <Widget
          icon={<Plane className="size-3.5" />}
          title="Flight"
          className="col-span-2 md:top-[17%] md:left-[38%] md:w-[30%]"
        >
          <div className="flex items-center justify-between">
            <div>
              <div className="text-lg font-bold md:text-xl">SIN</div>
              <div className="text-[11px] text-white/60">08:40</div>
            </div>
            <div className="flex flex-1 flex-col items-center px-2 text-[10px] text-white/60">
              <span>2h 35m</span>
              <span className="my-1 h-px w-full bg-gradient-to-r from-transparent via-white/60 to-transparent" />
              <span>Nonstop</span>
            </div>
            <div className="text-right">
              <div className="text-lg font-bold md:text-xl">DPS</div>
              <div className="text-[11px] text-white/60">11:15</div>
            </div>
          </div>
          <div className="mt-2 text-[11px] text-white/60">SQ 938 · 3 of 4 voted yes</div>
        </Widget>

        <Widget
          icon={<CloudSun className="size-3.5" />}
          title="Denpasar"
          className="md:top-[17%] md:right-[4%] md:w-[24%]"
        >
          <div className="flex items-center gap-2">
            <Sun className="size-7 text-amber-300" />
            <div>
              <div className="text-2xl leading-none font-bold">29°C</div>
              <div className="text-[11px] text-white/60">Sunny</div>
            </div>
          </div>
          <div className="mt-3 grid grid-cols-4 gap-1 text-center text-[10px] text-white/70">
            {FORECAST.map((day) => (
              <div key={day.day}>
                <div>{day.day}</div>
                <div className="font-semibold text-white">{day.temp}°</div>
              </div>
            ))}
          </div>
        </Widget>

        <Widget
          icon={<AudioLines className="size-3.5" />}
          title="Audio room"
          className="md:bottom-[7%] md:left-[4%] md:w-[24%]"
        >
          <div className="flex items-center gap-2">
            <span className="flex h-6 items-end gap-0.5" aria-hidden>
              {[40, 80, 55, 100, 65, 35].map((height, index) => (
                <span
                  // biome-ignore lint/suspicious/noArrayIndexKey: fixed decorative bars
                  key={index}
                  className="w-1 rounded-full bg-emerald-400"
                  style={{ height: `${height}%` }}
                />
              ))}
            </span>
            <span className="text-sm font-semibold">3 talking</span>
          </div>
          <div className="mt-1 text-[11px] text-white/60">Maya, Leo and Sam are in</div>
        </Widget>

        <Widget
          icon={<Check className="size-3.5" />}
          title="Group to-do"
          className="col-span-2 md:right-[4%] md:bottom-[7%] md:w-[34%]"
        >
          <ul className="space-y-1.5">
            {TODOS.map((todo) => (
              <li key={todo.text} className="flex items-center gap-2 text-[13px]">
                <span
                  className={cn(
                    'flex size-4 shrink-0 items-center justify-center rounded border',
                    todo.done
                      ? 'border-emerald-400 bg-emerald-400 text-slate-950'
                      : 'border-white/40',
                  )}
                >
                  {todo.done && <Check className="size-3" strokeWidth={3} />}
                </span>
                <span className={cn('flex-1 truncate', todo.done && 'text-white/50 line-through')}>
                  {todo.text}
                </span>
                <span className={cn('shrink-0 text-[11px]', todo.tone)}>{todo.tag}</span>
              </li>
            ))}
          </ul>
        </Widget>

        <Cursor name="Maya" colour="#be185d" className="top-[33%] left-[57%]" />
        <Cursor name="Leo" colour="#047857" className="bottom-[26%] left-[74%]" />
      </div>
    </div>
  );
}
