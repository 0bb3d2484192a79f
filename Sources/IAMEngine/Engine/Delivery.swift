// D1–D5: the trigger set arrives at each new session; assets download; events wait for it.
extension Engine {
    /// D1: request the server's current set (D5: campaign switches apply from here on).
    mutating func startDelivery() {
        let triggers = state.deliverableSet().triggers
        let latency = state.settings.network.syncLatency
        state.delivery = Delivery(
            completesAt: state.now + latency,
            succeeds: state.online, triggers: triggers, generation: state.serverGeneration)
        var record = TraceRecord(t: state.now, kind: .deliveryStarted, until: state.now + latency)
        if state.online { record.fact = .triggers(triggers.count) } else { record.detail = "offline" }
        emit(record)
    }

    /// D1 on success replaces the cache; D2 prefetches; E2 fires tests; D3 drains the queue;
    /// then L2 (b), the new session's eligible moment.
    mutating func completeDelivery() {
        guard let delivery = state.delivery else { return }
        state.delivery = nil
        let offersBefore = state.performedOffers
        if delivery.succeeds {
            // The set built when the delivery started, unless the server changed since.
            if let built = state.deliverable, built.generation == delivery.generation {
                state.delivered = built.set
            } else {
                state.delivered = TriggerSet(delivery.triggers)
            }
            state.lastDeliveryFailed = false
            // X32: the records of triggers this sync no longer holds are forgotten.
            if state.settings.policies.syncForgetsDroppedTriggers, !state.lastPerformed.isEmpty {
                state.lastPerformed = state.lastPerformed.filter { state.delivered[$0.key] != nil }
            }
            forgetStoredRecordsOfRemovedTriggers()
            emit(TraceRecord(t: state.now, kind: .deliveryCompleted, fact: .triggers(delivery.triggers.count)))
            prefetchAssets()
            performTestTriggers()
        } else {
            state.lastDeliveryFailed = true
            emit(
                TraceRecord(
                    t: state.now, kind: .deliveryFailed,
                    fact: .offlineKeeping(cachedTriggers: state.delivered.triggers.count)))
        }
        // X33: a platform that replays queued events at the answer times them from it.
        let atAnswer = state.settings.policies.queuedEventsTimedAtAnswer
        for queued in delivery.queued { match(SharedEvent(queued.event), eventTime: atAnswer ? state.now : queued.at) }
        eligibleMoment(offersBefore: offersBefore)
    }

    /// X32 (`forgottenAtLaunch`): the sync drops the stored re-eligibility records of the
    /// triggers it no longer holds; memory keeps them until the next `launch`.
    mutating func forgetStoredRecordsOfRemovedTriggers() {
        guard state.settings.policies.removedTriggerRecords == .forgottenAtLaunch else { return }
        for id in state.lastPerformed.keys where state.delivered[id] == nil { state.unstoredRecords.insert(id) }
    }

    /// D2: every `prefetch` trigger's asset starts downloading unless it is cached or on its way.
    mutating func prefetchAssets() {
        // X64: a page that loads each image when it shows the message prefetches nothing.
        guard !state.settings.profile.imagesLoadAtShow else { return }
        // Each URL once (a second request of one URL in a delivery is never made: it is on its way).
        for url in state.delivered.prefetchURLs { requestAsset(url) }
    }

    mutating func requestAsset(_ url: String) {
        switch state.assets[url] {
        case .ready, .downloading: return
        case .failed, nil: break
        }
        let spec = state.assetTable[url] ?? AssetSpec()
        // A download started offline fails too, after the same time (the request times out).
        let until = state.now + spec.download
        state.assets[url] = .downloading(startedAt: state.now, until: until, fails: spec.fails || !state.online)
        state.downloads.append(Download(url: url, until: until))
        emit(TraceRecord(t: state.now, kind: .assetRequested, until: until, detail: url))
    }

    /// D2/D4: a download ends; messages waiting for it show (re-checking L3 steps 1–2) or are discarded.
    mutating func completeDownload(at position: Int) {
        let url = state.downloads.remove(at: position).url
        guard case .downloading(_, _, let fails) = state.assets[url] else { return }
        state.assets[url] = fails ? .failed : .ready
        emit(TraceRecord(t: state.now, kind: fails ? .assetFailed : .assetReady, detail: url))
        // L3 step 7: a message shows once every asset it needs is here; one failure discards it.
        // Only the messages that need this URL are looked at (found by it, in waiting order).
        let ready = state.waiting.positions(forKey: url).filter { candidate in
            fails || state.missingAssets(of: state.waiting[candidate].message).urls.isEmpty
        }
        let settled = state.waiting.remove(at: ready)
        state.waiting.forgetKey(url)
        for pending in settled {
            if fails { discard(pending, reason: .assetFailed) } else { showAfterAsset(pending) }
        }
    }

    /// D5: the server's set changes; the device sees it at the next delivery.
    mutating func setCampaign(id: String, enabled: Bool) {
        if enabled {
            // SV1: when it went live, for `no_match`'s `pending`.
            if state.disabledCampaigns.remove(id) != nil {
                state.enabledAt[id] = state.now
                state.indexServerPositions()
            }
        } else {
            state.disabledCampaigns.insert(id)
            state.enabledAt[id] = nil
        }
        emit(
            TraceRecord(
                t: state.now, kind: .app, trigger: id, reason: .campaign,
                detail: enabled ? "enabled on the server" : "disabled on the server"))
    }
}

// SV1, SV2 (integration.md): the server's view.
extension Engine {
    /// SV2: a campaign the device never had joins the server's set; D5: the device gets it at
    /// the next session start.
    mutating func addCampaign(_ trigger: Trigger, enabled: Bool) {
        state.serverTriggers.append(trigger)
        state.serverPositions?[trigger.id] = state.serverTriggers.count - 1
        if enabled {
            state.enabledAt[trigger.id] = state.now
            state.indexServerPositions()
        } else {
            state.disabledCampaigns.insert(trigger.id)
        }
        emit(
            TraceRecord(
                t: state.now, kind: .app, trigger: trigger.id, reason: .campaign,
                detail: enabled ? "added on the server" : "added on the server, disabled"))
    }
}

extension EngineState {
    /// SV1: the triggers live on the server since they were enabled during the run that are not
    /// on the device (D5) and would match `event`, in the server's order; `nil` for none. Their
    /// backtracking searches draw on the event's budget (`policy.eventRegexBudget`, else one of
    /// their own), so the look adds nothing to an event's bound (T6).
    public func pendingTriggers(for event: Event, unixNow: Double, filters policy: FilterPolicy)
        -> [PendingTrigger]?
    {
        guard !enabledAt.isEmpty else { return nil }
        var policy = policy
        if policy.eventRegexBudget == nil { policy.eventRegexBudget = EventRegexBudget() }
        var pending: [PendingTrigger] = []
        func look(_ trigger: Trigger) {
            guard let at = enabledAt[trigger.id], delivered[trigger.id] == nil,
                trigger.matches(event, unixNow: unixNow, filters: policy)
            else { return }
            pending.append(PendingTrigger(trigger: trigger.id, enabledAt: at))
        }
        if let serverPositions, enabledAt.count < serverTriggers.count / 2 {
            // The live campaigns only, in the server's order: the same triggers as the scan.
            for position in enabledAt.keys.compactMap({ serverPositions[$0] }).sorted() {
                look(serverTriggers[position])
            }
        } else {
            for trigger in serverTriggers { look(trigger) }
        }
        return pending.isEmpty ? nil : pending
    }

    /// The enabled server triggers, in the server's order, indexed (T6): built again only when
    /// `serverTriggers` or `disabledCampaigns` changed since the last time.
    mutating func deliverableSet() -> TriggerSet {
        if let built = deliverable, built.generation == serverGeneration { return built.set }
        let set = TriggerSet(serverTriggers.filter { !disabledCampaigns.contains($0.id) })
        deliverable = (serverGeneration, set)
        return set
    }

    /// Builds `serverPositions` once (a campaign went live); later additions keep it up to date.
    mutating func indexServerPositions() {
        guard serverPositions == nil else { return }
        var positions: [String: Int] = [:]
        positions.reserveCapacity(serverTriggers.count)
        for index in serverTriggers.indices { positions[serverTriggers[index].id] = index }
        serverPositions = positions
    }
}
