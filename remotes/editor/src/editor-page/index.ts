// The editor remote's `./EditorPage`: the page, and its rehearsal for the shell's RehearsalStage.
export { EditorPage } from './EditorPage';
export { EditorPageRehearsal } from './rehearsal/EditorPageRehearsal';
