// A date and time in an admin table cell on two lines (date, then time): at 1280 px the orders table's two
// date columns on one line each pushed its last column under the sticky row actions (issue 22).
import styles from './table/DataTable.module.css';

export function DateTimeCell({ text }: { text: string }) {
  const space = text.indexOf(' ');
  if (space < 0) return text;
  return (
    <span className={styles.when} title={text}>
      {text.slice(0, space)}
      <br />
      {text.slice(space + 1)}
    </span>
  );
}
