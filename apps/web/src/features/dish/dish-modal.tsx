import { Modal } from '../../ui/modal.tsx';
import { DishBody, DishFooter, type DishViewProps, useDishView } from './dish-detail.tsx';

export interface DishModalProps extends DishViewProps {
  open: boolean;
  onClose: () => void;
}

/** The dish as a bottom sheet on phones and a centred dialog on wide screens. */
export default function DishModal({ open, onClose, ...view }: DishModalProps) {
  // a new dish starts from a fresh form
  return <DishModalContent key={view.plate.id} open={open} onClose={onClose} {...view} />;
}

function DishModalContent({ open, onClose, ...view }: DishModalProps) {
  const form = useDishView(view, onClose);
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={view.plate.showName || view.plate.name}
      className="dish-modal"
      footer={<DishFooter view={view} form={form} />}
    >
      <DishBody view={view} form={form} />
    </Modal>
  );
}
