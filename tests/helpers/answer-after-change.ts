/**
 * Asks again, 10 ms apart and at most 50 times, while the answer is still `old`: for a cache that
 * serves its old value while one refresh runs behind it. Returns the last answer.
 */
export async function answerAfterChange<T>(ask: () => Promise<T>, old: T): Promise<T> {
  let answer = await ask();
  for (let tries = 1; answer === old && tries < 50; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    answer = await ask();
  }
  return answer;
}
