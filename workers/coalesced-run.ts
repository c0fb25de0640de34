/**
 * One run of some work at a time (the cart sync, the order sender): a call while it runs shares
 * that run's promise and asks for one more pass after it, so a change made meanwhile is never
 * missed and never runs twice at once.
 */
export class CoalescedRun {
  private running: Promise<void> | null = null
  private again = false

  /** `keepGoing`: false stops the extra passes (the owner stopped). */
  constructor(
    private readonly work: () => Promise<void>,
    private readonly keepGoing: () => boolean = () => true,
  ) {}

  run(): Promise<void> {
    if (this.running) {
      this.again = true
      return this.running
    }
    this.running = this.loop().finally(() => {
      this.running = null
    })
    return this.running
  }

  private async loop(): Promise<void> {
    do {
      this.again = false
      await this.work()
    } while (this.again && this.keepGoing())
  }
}
