import { Badge } from '@/components/ui/badge';
import type { TodoPriority } from '../../../shared/todoPriority';

export const PRIORITY_LABELS: Record<TodoPriority, string> = {
  high: 'High',
  medium: 'Medium',
  low: 'Low',
};

const PRIORITY_BADGES: Record<TodoPriority, 'destructive' | 'warning' | 'outline'> = {
  high: 'destructive',
  medium: 'warning',
  low: 'outline',
};

/** A task's priority as a small badge; screen readers hear "Priority: High". */
export function PriorityBadge({ priority }: { priority: TodoPriority }) {
  return (
    <Badge variant={PRIORITY_BADGES[priority]} className="px-1.5 py-0 text-[11px] leading-4">
      <span className="sr-only">Priority: </span>
      {PRIORITY_LABELS[priority]}
    </Badge>
  );
}
