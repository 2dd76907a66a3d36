import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  type Modifier,
  MouseSensor,
  TouchSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';
import { IconGrip } from './editor-icons.tsx';

/**
 * Lists ordered by dragging (categories, a category's plates): the mouse, a finger on the handle and
 * the keyboard (Space or Enter to lift, arrows to move, Space or Enter to drop, Escape to cancel),
 * all announced in Spanish to screen readers.
 */

// lists are vertical: a drag never wanders sideways off the column
const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });

export function SortableList({
  ids,
  labelOf,
  onReorder,
  children,
}: {
  ids: string[];
  /** the item's name in announcements ('Pizzas') */
  labelOf: (id: string) => string;
  onReorder: (activeId: string, overId: string) => void;
  children: ReactNode;
}) {
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 4 } }),
    // the handle alone starts a drag (it does not scroll), so a short hold is enough and a swipe
    // elsewhere on the row still scrolls the page
    useSensor(TouchSensor, { activationConstraint: { delay: 120, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const name = (id: UniqueIdentifier) => `«${labelOf(String(id))}»`;
  const position = (id: UniqueIdentifier) => `${ids.indexOf(String(id)) + 1} de ${ids.length}`;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Tomaste ${name(active.id)}, en la posición ${position(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${name(active.id)} pasa a la posición ${position(over.id)}.`
        : `${name(active.id)} está fuera de la lista.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `Soltaste ${name(active.id)} en la posición ${position(over.id)}.`
        : `Soltaste ${name(active.id)}.`,
    onDragCancel: ({ active }) => `Cancelaste. ${name(active.id)} volvió a su lugar.`,
  };

  function end({ active, over }: DragEndEvent) {
    if (over && active.id !== over.id) onReorder(String(active.id), String(over.id));
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={[verticalOnly]}
      onDragEnd={end}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'Para cambiar el orden, presioná Espacio o Enter, movelo con las flechas y soltalo con Espacio o Enter. Escape cancela.',
        },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

export interface DragHandleProps {
  ref: (element: HTMLElement | null) => void;
  attributes: HTMLAttributes<HTMLElement>;
  listeners: HTMLAttributes<HTMLElement> | undefined;
}

/** One item of a SortableList: its element gets the movement, the handle starts the drag. */
export function SortableItem({
  id,
  as: Tag = 'li',
  className,
  children,
}: {
  id: string;
  as?: 'li' | 'div';
  className?: string;
  children: (handle: DragHandleProps, dragging: boolean) => ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id,
      attributes: { roleDescription: 'elemento reordenable' },
    });
  const style: CSSProperties = {
    transform: CSS.Translate.toString(transform),
    transition,
    position: 'relative',
    zIndex: isDragging ? 2 : undefined,
  };
  return (
    <Tag ref={setNodeRef} style={style} className={`${className ?? ''}${isDragging ? ' is-dragging' : ''}`}>
      {children(
        { ref: setActivatorNodeRef, attributes: attributes as HTMLAttributes<HTMLElement>, listeners },
        isDragging,
      )}
    </Tag>
  );
}

/** The grip a finger or the mouse drags, and the keyboard focuses to reorder. */
export function DragHandle({ handle, label }: { handle: DragHandleProps; label: string }) {
  return (
    <button
      type="button"
      ref={handle.ref}
      className="menu-editor__handle"
      {...handle.attributes}
      {...handle.listeners}
      aria-label={label}
    >
      <IconGrip />
    </button>
  );
}
