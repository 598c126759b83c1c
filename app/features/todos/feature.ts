import { ListTodo } from 'lucide-react';
import type { ClientFeature } from '@/features/feature';
import { TodoWidget } from './TodoWidget';
import { todoKeys, todoLive } from './todoCache';
import { todoMutations } from './useTodos';

export const todosFeature = {
  name: 'todos',
  widgets: [
    {
      type: 'todo',
      name: 'Group To-Do List',
      description: 'Collaborate on travel tasks',
      icon: ListTodo,
      Body: TodoWidget,
    },
  ],
  lists: { todos: todoLive },
  restored: { 'todo.deleted': todoKeys.list },
  mutations: todoMutations,
} satisfies ClientFeature;
