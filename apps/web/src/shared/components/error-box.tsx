/** An inline red box for a failed load (docs/product-spec.md §8), announced to screen readers. */
export function ErrorBox({ message }: { message: string }) {
  return (
    <div className="govgr-error-summary" role="alert">
      <p className="govgr-body govgr-mb-0">{message}</p>
    </div>
  );
}
