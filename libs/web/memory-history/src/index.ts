export { MemoryHistoryDialog } from './MemoryHistoryDialog';
export type { MemoryHistoryDialogProps } from './MemoryHistoryDialog';
