/** Shown when the page runs without a shell: nothing can be sold without the main process. */
export function NoBridge() {
  return (
    <main className="login">
      <h1>Counter</h1>
      <p role="alert">
        The counter's main process is not connected (window.counter is missing). Start the counter with its desktop app or its browser
        shell. / De verbinding met de kassa ontbreekt.
      </p>
    </main>
  );
}
