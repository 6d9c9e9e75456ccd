import styles from "./SpecsTable.module.css";

/** The product's especificaciones: one row per property, the name as the row header. */
export function SpecsTable({
  specifications,
  labelledBy,
}: {
  specifications: Record<string, string>;
  /** Id of the heading that names the table. */
  labelledBy?: string;
}) {
  const rows = Object.entries(specifications).filter(
    ([name, value]) => name.trim() && String(value).trim(),
  );
  if (rows.length === 0) return null;
  return (
    <div className={styles.wrap}>
      <table className={styles.table} aria-labelledby={labelledBy}>
        <tbody>
          {rows.map(([name, value]) => (
            <tr key={name}>
              <th scope="row">{name}</th>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
